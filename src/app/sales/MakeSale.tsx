import { Placeholder } from '../shell/Placeholder';

export default function MakeSale() {
  return <Placeholder path="/make-sale" />;
}
