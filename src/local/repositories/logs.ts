import { inventoryLogSubject, inventoryLogText, type LogLine } from '../../domain/logs';
import type { BayBookDB, Row } from '../db';

/**
 * The Activity Log and the Inventory Log (SPEC §2, level 5): what the pull brought of the server's sys_log and
 * inventory_log, read-only on the device (the server writes both, in the transaction of the change they record).
 * Both newest first, as SPEC's Subject / Log lines (src/domain/logs.ts).
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

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function logsRepository(db: BayBookDB) {
  return {
    /** every activity log entry (SPEC §3 system log entry: id, subject, predicate, created_at), newest first */
    async activity(): Promise<ActivityLine[]> {
      const rows = await db.sys_log.orderBy('created_at').reverse().toArray();
      return rows.map((r: Row) => ({
        id: r.id,
        category: text(r.category),
        subject: text(r.subject),
        log: text(r.predicate),
        created_at: text(r.created_at),
        username: text(r.username),
      }));
    },
    /** every stock movement (SPEC §3 inventory log entry: amount, created_at) with its product's title, newest first */
    async inventory(): Promise<InventoryLine[]> {
      const [rows, products] = await Promise.all([db.inventory_log.toArray(), db.products.toArray()]);
      const titles = new Map(products.map((p) => [p.id, p.title]));
      return rows
        .map((r: Row) => {
          const productId = text(r.product_id);
          const amount = Number(r.amount ?? 0);
          const reason = text(r.reason);
          return {
            id: r.id,
            product_id: productId,
            amount,
            reason,
            subject: inventoryLogSubject(titles.get(productId), productId),
            log: inventoryLogText(amount, reason, text(r.ref)),
            created_at: text(r.created_at),
            username: text(r.username),
          };
        })
        .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    },
  };
}
