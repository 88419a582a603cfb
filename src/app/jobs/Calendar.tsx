import { Placeholder } from '../shell/Placeholder';

export default function Calendar() {
  return <Placeholder path="/view-calendar" />;
}
