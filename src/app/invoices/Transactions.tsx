import { Placeholder } from '../shell/Placeholder';

export default function Transactions() {
  return <Placeholder path="/transactions" />;
}
