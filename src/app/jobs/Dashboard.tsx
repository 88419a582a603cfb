import { Placeholder } from '../shell/Placeholder';

export default function Dashboard() {
  return <Placeholder path="/dash" />;
}
