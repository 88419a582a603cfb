import { Placeholder } from '../shell/Placeholder';

export default function ActivityLog() {
  return <Placeholder path="/view-sys-log" />;
}
