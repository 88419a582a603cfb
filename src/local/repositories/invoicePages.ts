import Dexie from 'dexie';
import { customerName, invoiceTotal } from '../../domain/invoiceFields';
import { displayInvoiceNumber } from '../../domain/jobs';
import { paidSummaryWindow } from '../../domain/reports';
import { isPaid } from '../../domain/totals';
import { transactionType } from '../../domain/writes/refunds';
import { rowCountKey, type BayBookDB, type InvoiceRow, type TransactionRow } from '../db';
import { eachOfPages, readPage, type PageQuery, type Scope, type TablePages } from './pageReader';

/**
 * The Invoices and Transactions tables' pages (issue 13, src/local/repositories/pageReader.ts): each sortable column
 * reads its `[<key>+id]` index (version 5), the totals come from the row counters, the Due and Paid filters from
 * `[is_due+updated_at]`, and the search is the shop search over what an invoice stores (plate, VIN, the customer's
 * names, the number) or a transaction's receipt number.
 */

/** Each sortable column of the Invoices table and the key whose `[<key>+id]` index it reads. */
export const INVOICE_SORTS = {
  number: 'number',
  customer: 'name_key',
  registration: 'registration_key',
  created_at: 'created_at',
  invoice_total: 'charged',
  discount: 'discount',
  payment: 'payment',
  due: 'total',
  // 'Due' before 'Paid' going up, as the words sort: the larger amounts due first
  status: 'total',
} as const;
export type InvoiceSort = keyof typeof INVOICE_SORTS;

export type InvoiceFilter = 'all' | 'due' | 'paid';

const counted = async (db: BayBookDB, entity: 'invoices' | 'transactions') =>
  (await db.counters.get(rowCountKey(entity)))?.n ?? 0;

function invoiceText(i: InvoiceRow, id: string): string {
  if (id === 'number') return displayInvoiceNumber(i.number);
  if (id === 'customer') return customerName(i);
  if (id === 'status') return isPaid(i.total) ? 'Paid' : 'Due';
  if (id === 'invoice_total') return String(invoiceTotal(i));
  return String(i[id] ?? '');
}

function invoiceSpec(db: BayBookDB): TablePages<InvoiceRow, InvoiceSort> {
  return {
    table: db.invoices,
    sorts: INVOICE_SORTS,
    flipped: ['status'],
    total: () => counted(db, 'invoices'),
    searchKeys: ['registration_key', 'vin_key', 'vin_end_key', 'name_key', 'first_key', 'number_key'],
    columnText: invoiceText,
  };
}

/** The invoices with an amount due (1) or paid (0), through `[is_due+updated_at]`. */
const dueRange = (db: BayBookDB, due: 0 | 1) =>
  db.invoices.where('[is_due+updated_at]').between([due, Dexie.minKey], [due, Dexie.maxKey]);

function filterScope(db: BayBookDB, filter: InvoiceFilter): Scope<InvoiceRow> | undefined {
  if (filter === 'all') return undefined;
  const due = filter === 'due' ? 1 : 0;
  return {
    keep: (i) => isPaid(i.total) === (due === 0),
    count: async () =>
      due ? dueRange(db, 1).count() : (await counted(db, 'invoices')) - (await dueRange(db, 1).count()),
    rows: (limit) => dueRange(db, due).limit(limit).toArray(),
  };
}

export type InvoicePageQuery = PageQuery<InvoiceSort> & { filter?: InvoiceFilter };

/** Each sortable column of the Transactions table and its index. */
export const TRANSACTION_SORTS = {
  amount: 'amount',
  method: 'method',
  created_at: 'created_at',
  number: 'number',
  point: 'point',
} as const;
export type TransactionSort = keyof typeof TRANSACTION_SORTS;

/** A transaction with the number of its invoice, when this device holds the invoice (the Invoice ID column). */
export type TransactionLine = TransactionRow & { invoice_number: string | null };

async function withInvoiceNumbers(db: BayBookDB, rows: TransactionRow[]): Promise<TransactionLine[]> {
  const ids = [...new Set(rows.map((t) => t.invoice_id))];
  const invoices = await db.invoices.bulkGet(ids);
  const numbers = new Map(ids.map((id, i) => [id, invoices[i]?.number ?? null]));
  return rows.map((t) => ({ ...t, invoice_number: numbers.get(t.invoice_id) ?? null }));
}

function transactionText(t: TransactionRow, id: string): string {
  if (id === 'method') return transactionType(t);
  return String(t[id === 'invoice' ? 'invoice_id' : id] ?? '');
}

function transactionSpec(db: BayBookDB): TablePages<TransactionRow, TransactionSort> {
  return {
    table: db.transactions,
    sorts: TRANSACTION_SORTS,
    total: () => counted(db, 'transactions'),
    searchKeys: ['number_key'],
    columnText: transactionText,
  };
}

export function invoicePages(db: BayBookDB) {
  const invoices = invoiceSpec(db);
  const transactions = transactionSpec(db);
  return {
    /** one page of the Invoices table (All, Due or Paid), with its total */
    page: ({ filter = 'all', ...q }: InvoicePageQuery) => readPage(invoices, q, filterScope(db, filter)),
    /** every invoice matching the table's query, a chunk at a time (Export CSV) */
    eachMatching: (
      { filter = 'all', ...q }: Omit<InvoicePageQuery, 'limit' | 'after' | 'before'>,
      onChunk: (rows: InvoiceRow[]) => void,
    ) => eachOfPages(invoices, q, onChunk, filterScope(db, filter)),
    /**
     * The invoices the summary cards add up: every one with an amount due, and the paid ones changed within the
     * paid window (src/domain/reports.ts invoiceSummary) — two index ranges, not every invoice ever stored.
     */
    async forSummary(now: Date): Promise<InvoiceRow[]> {
      const w = paidSummaryWindow(now);
      const [due, paid] = await Promise.all([
        dueRange(db, 1).toArray(),
        db.invoices
          .where('[is_due+updated_at]')
          .between([0, w.from.toISOString()], [0, w.to.toISOString()], true, true)
          .toArray(),
      ]);
      return [...due, ...paid];
    },
    /** one page of the Transactions table, each with its invoice's number */
    async transactionPage(q: PageQuery<TransactionSort>) {
      const page = await readPage(transactions, q);
      return { ...page, rows: await withInvoiceNumbers(db, page.rows) };
    },
    eachTransaction: (
      q: Omit<PageQuery<TransactionSort>, 'limit' | 'after' | 'before'>,
      onChunk: (rows: TransactionLine[]) => void,
    ) => eachOfPages(transactions, q, async (rows) => onChunk(await withInvoiceNumbers(db, rows))),
  };
}
