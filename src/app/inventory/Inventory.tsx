import { Placeholder } from '../shell/Placeholder';

export default function Inventory() {
  return <Placeholder path="/products" />;
}
