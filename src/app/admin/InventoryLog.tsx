import { Placeholder } from '../shell/Placeholder';

export default function InventoryLog() {
  return <Placeholder path="/view-inventory-log" />;
}
