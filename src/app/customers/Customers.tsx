import { Placeholder } from '../shell/Placeholder';

export default function Customers() {
  return <Placeholder path="/view-customers" />;
}
