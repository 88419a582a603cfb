import { Placeholder } from '../shell/Placeholder';

export default function Config() {
  return <Placeholder path="/view-config" />;
}
