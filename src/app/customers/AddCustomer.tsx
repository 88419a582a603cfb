import { Placeholder } from '../shell/Placeholder';

export default function AddCustomer() {
  return <Placeholder path="/add-customer" />;
}
