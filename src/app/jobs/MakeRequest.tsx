import { Placeholder } from '../shell/Placeholder';

export default function MakeRequest() {
  return <Placeholder path="/make-request" />;
}
