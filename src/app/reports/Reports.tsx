import { Placeholder } from '../shell/Placeholder';

export default function Reports() {
  return <Placeholder path="/report" />;
}
