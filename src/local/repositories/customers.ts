import { newRow } from '../../domain/model';
import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import {
  CUSTOMER_CALLS,
  checkNewCustomer,
  customerMissing,
  keptCustomerEdit,
  planCustomerEdit,
  planCustomerStatus,
  planNewCustomer,
  type CustomerEdit,
  type VinHolder,
} from '../../domain/writes/customers';
import type { CustomerInput } from '../../domain/schemas/customer';
import type { Refusal } from '../../domain/writes/refusals';
import { searchTerms } from '../../domain/search';
import { customerKeys, plateKey } from '../../domain/model/keys';
import { checkedCall } from '../calls';
import { rowCountKey, type BayBookDB, type CustomerRow } from '../db';
import { queueFieldChange } from '../fieldCalls';
import { prefixKeys } from '../paging';
import { LocalWriteError, localWrite, type WriteContext } from '../write';
import { eachMatching, pageOf, type CustomerPageQuery } from './customerPages';

/**
 * Customers (SPEC §2 Add Customer, Customers table; §7 POST /customer, PUT /customer, PUT /customer-status).
 * Reads are plain functions over indexes, for `useLiveQuery(() => repos.customers.search(text), [text])`.
 * Lookups compare normalised keys (upper case, no spaces) with prefix ranges: ~1 ms at 50,000 customers in a browser.
 */

/** SPEC §3 customer form payload keys, as the Add Customer form and the service request form send them. */
export interface CustomerForm {
  VIN: string;
  'Registration Number': string;
  'First name': string;
  'Last name': string;
  'Contact number': string;
  Email?: string;
}

export type { CustomerEdit } from '../../domain/writes/customers';

function digits(s: string): string {
  return s.replace(/\D+/g, '');
}

/** The form as typed, its contact number as digits only (the contact inputs keep only digits; a pasted one may not). */
const typedForm = (form: CustomerForm): CustomerForm => ({ ...form, 'Contact number': digits(form['Contact number']) });

/** A catalogue refusal as the device's write says it: in the server's words, before anything is stored. */
function refused(r: Refusal): never {
  throw new LocalWriteError(r.message);
}

async function vinHolder(w: WriteContext, vin: unknown): Promise<VinHolder> {
  if (typeof vin !== 'string') return undefined;
  return w.db.customers.where('vin_key').equals(plateKey(vin)).first();
}

/**
 * Puts a new customer's row in the write `w` by the catalogue's plan (src/domain/writes/customers.ts), refusing a
 * second record for a VIN here as the server would (so a check-in made offline is not refused later). Queues nothing:
 * the caller queues the call that creates the customer on the server (POST /customer, or at level 1 the POST /service
 * that brings the new customer's fields). Checked by the service request's schema, as the server does.
 */
export async function putNewCustomer(w: WriteContext, form: CustomerForm): Promise<CustomerRow> {
  const input = checkNewCustomer({ ...typedForm(form) }, true);
  if (!input.ok) refused(input);
  return putCustomer(w, input.value);
}

/** The new customer's row for a checked input (POST /customer's body as its schema casts it, or the service form's). */
async function putCustomer(w: WriteContext, input: CustomerInput): Promise<CustomerRow> {
  const plan = planNewCustomer(input, await vinHolder(w, input.vin));
  if (!plan.ok) refused(plan);
  const row = newRow('customers', { id: newId(), ...plan.row }, w.now);
  return w.put('customers', { ...row, ...customerKeys(row) });
}

/** Queues POST /customer {form payload} for a row put by putNewCustomer in the same write. */
export function enqueueNewCustomer(w: WriteContext, id: string, form: CustomerForm) {
  return w.enqueue({
    method: CUSTOMER_CALLS.add.method,
    path: CUSTOMER_CALLS.add.path,
    body: { data: { id, ...typedForm(form) } },
    creates: [id],
    label: `Add customer ${form['First name']} ${form['Last name']} (${form['Registration Number']})`,
  });
}

export function customersRepository(db: BayBookDB) {
  const repo = {
    get: (id: string) => db.customers.get(id),
    byVin: (vin: string) => db.customers.where('vin_key').equals(plateKey(vin)).toArray(),
    byRegistration: (reg: string) => db.customers.where('registration_key').equals(plateKey(reg)).toArray(),

    /**
     * The 'Find customer' search (Make Service Request, Make Sale): the shop search of src/domain/search.ts —
     * plate with or without its space, VIN start or end, names, phone, email, all by prefix ranges — and a customer
     * id; at most `limit` rows. Fewer than 3 characters finds nothing (SPEC §5).
     */
    async search(text: string, limit = 20): Promise<CustomerRow[]> {
      const q = text.trim();
      if (q.length < 3) return [];
      const ids = new Set<string>();
      for (const t of searchTerms(q)) {
        if (ids.size >= limit) break;
        for (const id of await prefixKeys(db.customers, t.key, t.prefix, limit)) if (ids.size < limit) ids.add(id);
      }
      if (ids.size < limit && /^[0-9a-f-]{8,}$/i.test(q) && (await db.customers.get(q.toLowerCase())))
        ids.add(q.toLowerCase());
      return (await db.customers.bulkGet([...ids])).filter((c): c is CustomerRow => !!c);
    },

    /**
     * One page of the Customers table (keyset through the sort's index; see customerPages.ts): for
     * `useLiveQuery(() => repos.customers.page(q), [q])`, so a pulled or edited customer shows at once.
     */
    page: (q: CustomerPageQuery) => pageOf(db, q),

    /** Every customer matching a page query, in its order, a chunk at a time (Export CSV). */
    eachMatching: (q: Omit<CustomerPageQuery, 'limit' | 'after' | 'before'>, onChunk: (rows: CustomerRow[]) => void) =>
      eachMatching(db, q, onChunk),

    add: (form: CustomerForm) => addCustomer(db, form),
    edit: (id: string, changes: CustomerEdit) => editCustomer(db, id, changes),
    setActive: (id: string, active: boolean) => setCustomerActive(db, id, active),

    /** customers ordered by newest first, for "recent" pickers */
    recent: (limit = 10) => db.customers.orderBy('created_at').reverse().limit(limit).toArray(),
    /** the customers on the device, from the counter kept with every write and pull (no scan) */
    count: async () => (await db.counters.get(rowCountKey('customers')))?.n ?? 0,
    /** for tests and tools: every customer whose plate starts with the prefix */
    byPlatePrefix: (prefix: string) => db.customers.where('registration_key').startsWith(plateKey(prefix)).toArray(),
  };
  return repo;
}

/** POST /customer {form payload}; returns the new customer's id (made here, UUIDv7). */
async function addCustomer(db: BayBookDB, form: CustomerForm): Promise<string> {
  const input = await checkedCall(db, CUSTOMER_CALLS.add, typedForm(form));
  return localWrite(db, async (w) => {
    // one record per VIN, as the server holds it: refused here rather than as a conflict after the sync
    const row = await putCustomer(w, input);
    await enqueueNewCustomer(w, row.id, form);
    return row.id;
  });
}

/**
 * PUT /customer (inline edit of the Customers table): only the fields that differ from the row, each with the
 * value it was based on, and whether the customer was active (issue 14: a field someone changed since, or a
 * customer blocked since, comes back as a conflict to decide, never as an overwrite). Nothing changed: nothing sent.
 */
async function editCustomer(db: BayBookDB, id: string, changes: CustomerEdit): Promise<CustomerRow> {
  await checkedCall(db, CUSTOMER_CALLS.edit, { ...changes, id });
  return localWrite(db, async (w) => {
    const cur = await w.get('customers', id);
    if (!cur) refused(customerMissing(id));
    // the contact input keeps digits only; what is left is the plan's to keep as the table keeps it
    const typed = changes.contact === undefined ? changes : { ...changes, contact: digits(changes.contact) };
    const set = changedFields({ ...cur }, keptCustomerEdit(typed));
    const base = { ...set.base, active: cur.active };
    const plan = planCustomerEdit(cur, { changes: set.changes, base }, await vinHolder(w, set.changes.vin));
    if (!plan.ok) refused(plan);
    if (!plan.log) return cur;
    const row = await w.patch('customers', id, { ...plan.set, updated_at: w.now });
    const label = `Edit customer ${row.first_name} ${row.last_name}`;
    await queueFieldChange(w, 'customers', id, { changes: set.changes, base }, label);
    return row;
  });
}

/** PUT /customer-status {data: {id, active, base, device}} — Block/Unblock (level 5), a field change (issue 14) */
async function setCustomerActive(db: BayBookDB, id: string, active: boolean): Promise<void> {
  await checkedCall(db, CUSTOMER_CALLS.status, { id, active: active ? 1 : 0 });
  return localWrite(db, async (w) => {
    const cur = await w.get('customers', id);
    if (!cur) refused(customerMissing(id));
    const plan = planCustomerStatus(cur, { active: active ? 1 : 0 });
    if (!plan.ok) refused(plan);
    if (!plan.log) return;
    const row = await w.patch('customers', id, { ...plan.set, updated_at: w.now });
    const label = `${active ? 'Unblock' : 'Block'} customer ${row.first_name} ${row.last_name}`;
    await queueFieldChange(w, 'customers', id, { changes: plan.set, base: { active: cur.active } }, label);
  });
}
