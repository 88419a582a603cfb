import type { LogLine } from '../../domain/logs';
import type { BayBookDB } from '../db';
import { logPages } from './logPages';

/**
 * The Activity Log and the Inventory Log (SPEC §2, level 5): what the pull brought of the server's sys_log and
 * inventory_log, read-only on the device (the server writes both, in the transaction of the change they record),
 * as SPEC's Subject / Log lines (src/domain/logs.ts), one page at a time (logPages.ts).
 */

export interface ActivityLine extends LogLine {
  /** the server's category: service (jobs), inventory (products, suppliers), system (team, settings, payments) */
  category: string;
}

export interface InventoryLine extends LogLine {
  product_id: string;
  amount: number;
  reason: string;
}

export function logsRepository(db: BayBookDB) {
  return logPages(db);
}
