import { Placeholder } from '../shell/Placeholder';

export default function Suppliers() {
  return <Placeholder path="/view-suppliers" />;
}
