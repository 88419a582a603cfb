import type { ColumnDef } from '@tanstack/react-table';
import type { Repositories } from '../../local/repositories';
import type { InventoryLine } from '../../local/repositories/logs';
import { LogScreen } from './LogScreen';

const EXTRA: ColumnDef<InventoryLine, unknown>[] = [
  { accessorKey: 'amount', header: 'Amount', meta: { hidden: true } },
];
const read = (repos: Repositories) => repos.logs.inventory();

/**
 * SPEC §2 Inventory Log, /view-inventory-log (level 5): every stock movement, as ID, Subject (the product's title),
 * Log (the signed amount and why: "+12 received", "-2 sold (INV A1-0042)") and Date, newest first, searchable
 * (docs/DECISIONS.md "Screens"). Read from the device's copy (repos.logs.inventory); the amount is also a hidden,
 * exportable column.
 */
export default function InventoryLog() {
  return <LogScreen<InventoryLine> title="Inventory Log" read={read} extra={EXTRA} />;
}
