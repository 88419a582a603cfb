import { Placeholder } from '../shell/Placeholder';

export default function CreateInvoice() {
  return <Placeholder path="/generate-invoice" />;
}
