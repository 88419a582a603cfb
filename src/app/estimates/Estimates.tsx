import { Placeholder } from '../shell/Placeholder';

export default function Estimates() {
  return <Placeholder path="/view-estimates" />;
}
