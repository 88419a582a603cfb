import { Placeholder } from '../shell/Placeholder';

export default function Invoices() {
  return <Placeholder path="/view-invoices" />;
}
