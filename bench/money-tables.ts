import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { newId } from '../src/domain/ids';
import { invoiceSummary } from '../src/domain/reports';
import { openLocalDb, type InvoiceRow, type Row } from '../src/local/db';
import { writeRows } from '../src/local/rows';
import { invoicePages } from '../src/local/repositories/invoicePages';
import { logPages } from '../src/local/repositories/logPages';
import { nth } from '../tests/helpers/present';

/**
 * `npx tsx bench/money-tables.ts`: the Invoices table and the Activity Log opening at shop size (issue 13), the way
 * the screens read before version 5 (every row, newest first; the summary cards over every invoice) and now (one page
 * through an index, the total from a counter, the cards from two index ranges). BENCH_INVOICES (10,000) and
 * BENCH_LOG (50,000) rows. fake-indexeddb in Node is several times slower than IndexedDB in a browser: compare the
 * two columns, not the figures with the browser's budgets.
 */
const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const LOG = Number(process.env.BENCH_LOG ?? 50_000);
const RUNS = 7;
const db = openLocalDb(`bench-money-${randomBytes(3).toString('hex')}`);
const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
const NAMES = ['Lee', 'Adams', 'Young', 'Mills', 'Brown', 'Clarke', 'Reid', 'Grant'];

function invoice(i: number): InvoiceRow {
  return {
    id: newId(),
    number: `A1-${String(i).padStart(5, '0')}`,
    request_id: null,
    customer_id: null,
    first_name: `First${i % 997}`,
    last_name: NAMES[i % NAMES.length],
    registration: `PK ${1000 + (i % 9000)}`,
    vin: `1HGCM8263${String(i).padStart(8, '0')}`,
    total: i % 20 ? 0 : 2500,
    payment: 10_000,
    discount: 0,
    discount_percent: 0,
    points_value: 0,
    work_hour: 1,
    rate_hour: 5000,
    products: [],
    profile: {},
    totals: { total: 12_500 },
    storage: 'off',
    storage_days: 0,
    invoice_status: 'open',
    type: 'service',
    created_by: 'boss',
    created_at: at(i),
    updated_at: at(i),
    version: 1,
  } as InvoiceRow;
}

const logLine = (i: number): Row => ({
  id: newId(),
  category: 'service',
  subject: `Job #A1-${i}`,
  predicate: 'status active',
  username: 'boss',
  created_at: at(i),
});

async function load(entity: 'invoices' | 'sys_log', rows: Row[]) {
  for (let i = 0; i < rows.length; i += 2000)
    await db.transaction('rw', db.tables, () => writeRows(db, entity, rows.slice(i, i + 2000)));
}

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return nth(
    times.sort((a, b) => a - b),
    RUNS >> 1,
  );
}

const t0 = performance.now();
await load(
  'invoices',
  Array.from({ length: INVOICES }, (_, i) => invoice(i)),
);
await load(
  'sys_log',
  Array.from({ length: LOG }, (_, i) => logLine(i)),
);
console.log(`loaded ${INVOICES} invoices and ${LOG} log lines in ${Math.round(performance.now() - t0)} ms`);

const pages = invoicePages(db);
const logs = logPages(db);
const now = new Date(at(INVOICES));
const figures = {
  'Invoices, before (every invoice, newest first, and the cards over every invoice)': await median(async () => {
    await db.invoices.orderBy('created_at').reverse().limit(100_000).toArray();
    invoiceSummary(await db.invoices.toArray(), now);
  }),
  'Invoices, now (a page of 10 and the total, the cards from two ranges)': await median(async () => {
    await pages.page({ sort: 'created_at', desc: true, limit: 10 });
    invoiceSummary(await pages.forSummary(now), now);
  }),
  'Invoices, now: search "lee" (a page and the bounded count)': await median(() =>
    pages.page({ sort: 'created_at', desc: true, search: 'lee', limit: 10 }),
  ),
  'Invoices, now: the Due filter': await median(() =>
    pages.page({ sort: 'created_at', desc: true, filter: 'due', limit: 10 }),
  ),
  'Activity Log, before (every entry, newest first)': await median(() =>
    db.sys_log.orderBy('done_key').reverse().toArray(),
  ),
  'Activity Log, now (a page of 10 and the total)': await median(() =>
    logs.activityPage({ sort: 'created_at', desc: true, limit: 10 }),
  ),
  'Activity Log, now: search "a1-4" (word start)': await median(() =>
    logs.activityPage({ sort: 'created_at', desc: true, search: 'a1-4', limit: 10 }),
  ),
};
for (const [what, ms] of Object.entries(figures)) console.log(`${what}: median of ${RUNS} ${ms.toFixed(1)} ms`);
db.close();
