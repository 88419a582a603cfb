import { Placeholder } from '../shell/Placeholder';

export default function ProductList() {
  return <Placeholder path="/view-products" />;
}
