import { newId } from '../../src/domain/ids';
import type { CustomerRow, InvoiceRow, JobRow, TransactionRow } from '../../src/local/db';
import { derive } from '../../src/local/rows';
import { prng } from '../../tests/helpers/prng';
import { nth } from '../../tests/helpers/present';

/**
 * A shop's rows at any size, the same on every run (seeded random): customers with a vehicle each and their jobs,
 * as the pull would store them (the app's own `derive` adds the search keys). Customers `from`..`to` and their jobs
 * can be made in slices, so a benchmark grows one device from 5,000 to 50,000 customers without starting again.
 */

const FIRST = [
  'Ann',
  'Ben',
  'Cole',
  'Dana',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivan',
  'Jo',
  'Kim',
  'Lee',
  'Mia',
  'Ned',
  'Ola',
  'Pat',
];
const LAST = [
  'Adams',
  'Brown',
  'Campbell',
  'Davis',
  'Edwards',
  'Francis',
  'Grant',
  'Henry',
  'Irving',
  'James',
  'Knight',
  'Lewis',
  'Morgan',
  'Nelson',
  'Reid',
  'Smith',
  'Thomas',
  'Walker',
  'Young',
];
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const VIN_CHARS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const STATUSES = ['received', 'active', 'complete', 'complete', 'complete', 'booked'];
const DAY = 86_400_000;

/** ids are UUIDv7 like the app's; the n-th customer's (invoice's) id is remembered so its jobs (payments) point at it */
const ids = { customers: new Map<number, string>(), invoices: new Map<number, string>() };
function idOf(kind: keyof typeof ids, i: number): string {
  let id = ids[kind].get(i);
  if (!id) ids[kind].set(i, (id = newId()));
  return id;
}

export function customerAt(i: number, now = Date.now()): CustomerRow {
  const r = prng(i * 7919 + 1);
  const pick = (s: string | string[]) => s[Math.floor(r() * s.length)];
  const first = `${pick(FIRST)}${i % 97}`;
  const last = `${pick(LAST)}${Math.floor(i / 97) % 500}`;
  const created = new Date(now - 5 * 365 * DAY * (1 - i / 1_000_000) - r() * DAY).toISOString();
  return derive('customers', {
    id: idOf('customers', i),
    first_name: first,
    last_name: last,
    vin: Array.from({ length: 17 }, () => pick(VIN_CHARS)).join(''),
    registration: `${pick(LETTERS)}${pick(LETTERS)} ${Math.floor(r() * 9000 + 1000)}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}@mail${i % 40}.test`,
    contact: String(8762000000 + i * 37),
    current_points: Math.floor(r() * 300),
    discount: r() < 0.1 ? 5 : 0,
    note: r() < 0.05 ? 'Prefers mornings' : '',
    active: r() < 0.02 ? 0 : 1,
    created_at: created,
    updated_at: created,
    version: 1,
  }) as CustomerRow;
}

/** job j of a shop with `customers` customers (its customer is one of them) */
export function jobAt(j: number, customers: number, now = Date.now()): JobRow {
  const r = prng(j * 104729 + 3);
  const ci = Math.floor(r() * customers);
  const c = customerAt(ci, now);
  const created = new Date(now - (j % 1500) * DAY - r() * DAY).toISOString();
  const status = STATUSES[Math.floor(r() * STATUSES.length)];
  return derive('jobs', {
    id: newId(),
    number: `Z9-${j + 1}`,
    customer_id: c.id,
    vin: c.vin,
    registration: c.registration,
    first_name: c.first_name,
    last_name: c.last_name,
    contact: c.contact,
    email: c.email,
    mileage: Math.floor(r() * 200_000),
    service: ['Oil and filter change'],
    status,
    book_start: status === 'booked' ? created : null,
    book_end: null,
    start: null,
    active_at: null,
    complete_at: status === 'complete' ? created : null,
    technician: '',
    customer_note: '',
    service_note: '',
    comment: '',
    invoice: [],
    type: 'service',
    created_by: 'seed',
    created_at: created,
    updated_at: created,
    version: 1,
  }) as JobRow;
}

/**
 * invoice i of a shop with `customers` customers: about one in seven has money still due, the rest are paid in full
 * (the day they were last changed is the day they were paid); one in 700 is from the shop's today.
 */
export function invoiceAt(i: number, customers: number, now = Date.now()): InvoiceRow {
  const r = prng(i * 15485863 + 5);
  const c = customerAt(Math.floor(r() * customers), now);
  const created = new Date(now - (i % 700) * DAY - r() * 3_600_000).toISOString();
  const labour = Math.round(r() * 400) * 100;
  const product = Math.round(r() * 300) * 100;
  const discount = r() < 0.2 ? 500 : 0;
  const due = r() < 0.15 ? labour + product - discount : 0;
  return {
    id: idOf('invoices', i),
    number: `Z9-I${i + 1}`,
    request_id: null,
    customer_id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    registration: c.registration,
    vin: c.vin,
    total: due,
    payment: labour + product - discount - due,
    discount,
    discount_percent: discount ? 5 : 0,
    points_value: 0,
    work_hour: labour / 5000,
    rate_hour: 5000,
    products: [],
    profile: {},
    totals: { labour, product, subtotal: labour + product, total: labour + product - discount },
    storage: 'off',
    storage_days: 0,
    invoice_status: due ? 'open' : 'closed',
    type: 'service',
    created_by: 'seed',
    created_at: created,
    updated_at: created,
    version: 1,
  };
}

const METHODS = ['cash', 'cash', 'debit_card', 'credit_card', 'online', 'cheque'];

/** payment t: on invoice t (a paid one's whole payment, made the day it was raised) */
export function transactionAt(t: number, customers: number, now = Date.now()): TransactionRow {
  const inv = invoiceAt(t, customers, now);
  const r = prng(t * 32452843 + 7);
  return {
    id: newId(),
    number: `Z9-T${t + 1}`,
    amount: inv.payment,
    method: nth(METHODS, Math.floor(r() * METHODS.length)),
    invoice_id: inv.id,
    point: 0,
    username: 'seed',
    deleted: false,
    reason: '',
    refund_method: '',
    created_at: inv.updated_at,
    updated_at: inv.updated_at,
    version: 1,
  };
}
