import type { ColumnDef } from '@tanstack/react-table';
import type { InventoryLine } from '../../local/repositories/logs';
import type { InventorySort } from '../../local/repositories/logPages';
import { PAGE_SIZES } from '../ui/DataTable';
import type { ListDeclaration } from '../ui/list/ListScreen';
import { LogScreen } from './LogScreen';

const EXTRA: ColumnDef<InventoryLine, unknown>[] = [
  { accessorKey: 'amount', header: 'Amount', meta: { hidden: true } },
];
const INVENTORY_LOG: ListDeclaration<InventoryLine, InventorySort> = {
  title: 'Inventory Log',
  pages: (repos) => ({ read: repos.logs.inventoryPage, each: repos.logs.eachInventory }),
  defaultSort: { id: 'created_at', desc: true },
  // the columns an index sorts by (src/local/repositories/logPages.ts INVENTORY_SORTS)
  sorts: ['created_at', 'amount'],
  pageSizes: PAGE_SIZES.default,
};

/**
 * SPEC §2 Inventory Log, /view-inventory-log (level 5): every stock movement, as ID, Subject (the product's title),
 * Log (the signed amount and why: "+12 received", "-2 sold (INV A1-0042)") and Date, newest first, searchable by the
 * start of the product's title or of any word of the Log (docs/DECISIONS.md "Screens"). Read a page at a time from
 * the device's copy (repos.logs.inventoryPage); the amount is also a hidden, sortable, exportable column.
 */
export default function InventoryLog() {
  return <LogScreen list={INVENTORY_LOG} extra={EXTRA} filterSubject={false} />;
}
