import { inventoryLogSubject, inventoryLogText, type LogLine } from '../../domain/logs';
import { rowCountKey, type BayBookDB, type Row } from '../db';
import { eachOfPages, readPage, type PageQuery, type TablePages } from './pageReader';

/**
 * The Activity Log's and the Inventory Log's pages (issue 13, src/local/repositories/pageReader.ts): newest first
 * through `[done_key+id]` and `[created_at+id]` (or the Subject or Amount column's index), the totals from the row
 * counters, the search by the start of any word of the entry (`word_keys`, src/domain/model/keys.ts) — and, for the
 * Inventory Log, by the start of its product's title.
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

// the Activity Log's Date is when the line was done (done_key: on the device, else when the server recorded it)
export const ACTIVITY_SORTS = { created_at: 'done_key', subject: 'subject' } as const;
export type ActivitySort = keyof typeof ACTIVITY_SORTS;
export const INVENTORY_SORTS = { created_at: 'created_at', amount: 'amount' } as const;
export type InventorySort = keyof typeof INVENTORY_SORTS;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A sys_log row as the Activity Log shows it. */
export function activityLine(r: Row): ActivityLine {
  return {
    id: r.id,
    category: text(r.category),
    subject: text(r.subject),
    log: text(r.predicate),
    created_at: text(r.created_at),
    done_at: text(r.done_at),
    username: text(r.username),
  };
}

/** An inventory_log row as the Inventory Log shows it, with its product's title when this device holds it. */
export function inventoryLine(r: Row, title: string | undefined): InventoryLine {
  const productId = text(r.product_id);
  const amount = Number(r.amount ?? 0);
  const reason = text(r.reason);
  return {
    id: r.id,
    product_id: productId,
    amount,
    reason,
    subject: inventoryLogSubject(title, productId),
    log: inventoryLogText(amount, reason, text(r.ref)),
    created_at: text(r.created_at),
    username: text(r.username),
  };
}

const counted = async (db: BayBookDB, entity: 'sys_log' | 'inventory_log') =>
  (await db.counters.get(rowCountKey(entity)))?.n ?? 0;

/** The ids of the products whose title starts with the search (the Inventory Log's subjects). */
async function productsTitled(db: BayBookDB, search: string, limit?: number): Promise<string[]> {
  const coll = db.products.where('title_key').startsWith(search.trim().toUpperCase());
  return (limit ? coll.limit(limit) : coll).primaryKeys();
}

function activitySpec(db: BayBookDB): TablePages<Row, ActivitySort> {
  return {
    table: db.sys_log,
    sorts: ACTIVITY_SORTS,
    total: () => counted(db, 'sys_log'),
    searchKeys: ['word_keys'],
    multiKeys: ['word_keys'],
    columnText: (r, id) => {
      const line = activityLine(r);
      return text(line[id as keyof ActivityLine]);
    },
  };
}

function inventorySpec(db: BayBookDB): TablePages<Row, InventorySort> {
  return {
    table: db.inventory_log,
    sorts: INVENTORY_SORTS,
    total: () => counted(db, 'inventory_log'),
    searchKeys: ['word_keys'],
    multiKeys: ['word_keys'],
    more: {
      async keys(search, limit) {
        const products = await productsTitled(db, search, limit);
        const lists = await Promise.all(
          products.map((id) =>
            db.inventory_log
              .where('[product_id+created_at]')
              .between([id, ''], [id, '\uffff'])
              .limit(limit)
              .primaryKeys(),
          ),
        );
        return lists.flat();
      },
      async matcher(search) {
        const products = new Set(await productsTitled(db, search));
        return (r) => products.has(text(r.product_id));
      },
    },
    // the Subject (a product's title) is not on the row: the search finds it, the column has no filter
    columnText: (r, id) => text(inventoryLine(r, undefined)[id as keyof InventoryLine]),
  };
}

async function withTitles(db: BayBookDB, rows: Row[]): Promise<InventoryLine[]> {
  const ids = [...new Set(rows.map((r) => text(r.product_id)))];
  const products = await db.products.bulkGet(ids);
  const titles = new Map(ids.map((id, i) => [id, products[i]?.title]));
  return rows.map((r) => inventoryLine(r, titles.get(text(r.product_id))));
}

type Whole<S extends string> = Omit<PageQuery<S>, 'limit' | 'after' | 'before'>;

export function logPages(db: BayBookDB) {
  const activity = activitySpec(db);
  const inventory = inventorySpec(db);
  return {
    async activityPage(q: PageQuery<ActivitySort>) {
      const page = await readPage(activity, q);
      return { ...page, rows: page.rows.map(activityLine) };
    },
    eachActivity: (q: Whole<ActivitySort>, onChunk: (rows: ActivityLine[]) => void) =>
      eachOfPages(activity, q, (rows) => onChunk(rows.map(activityLine))),
    async inventoryPage(q: PageQuery<InventorySort>) {
      const page = await readPage(inventory, q);
      return { ...page, rows: await withTitles(db, page.rows) };
    },
    eachInventory: (q: Whole<InventorySort>, onChunk: (rows: InventoryLine[]) => void) =>
      eachOfPages(inventory, q, async (rows) => onChunk(await withTitles(db, rows))),
  };
}
