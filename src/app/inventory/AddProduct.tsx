import { Placeholder } from '../shell/Placeholder';

export default function AddProduct() {
  return <Placeholder path="/add-product" />;
}
