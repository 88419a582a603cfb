import type { BayBookDB } from '../db';
import { logPages } from './logPages';

export type { ActivityLine, InventoryLine } from './logPages';

/**
 * The Activity Log and the Inventory Log (SPEC §2, level 5): what the pull brought of the server's sys_log and
 * inventory_log, read-only on the device (the server writes both, in the transaction of the change they record),
 * as SPEC's Subject / Log lines (src/domain/logs.ts), one page at a time (logPages.ts).
 */

export function logsRepository(db: BayBookDB) {
  return logPages(db);
}
