import { Placeholder } from '../shell/Placeholder';

export default function EstimateEditor() {
  return <Placeholder path="/view-estimate" />;
}
