import { Placeholder } from '../shell/Placeholder';

export default function Team() {
  return <Placeholder path="/view-team" />;
}
