import { Placeholder } from '../shell/Placeholder';

export default function Jobs() {
  return <Placeholder path="/view-request" />;
}
