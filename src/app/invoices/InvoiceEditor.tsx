import { Placeholder } from '../shell/Placeholder';

export default function InvoiceEditor() {
  return <Placeholder path="/view-invoice" />;
}
