import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { searchTerms } from '../../domain/search';
import { customerKeys, plateKey } from '../../domain/model/keys';
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

export interface CustomerEdit {
  first_name?: string;
  last_name?: string;
  vin?: string;
  registration?: string;
  contact?: string;
  email?: string;
  note?: string;
  discount?: number;
}

function digits(s: string): string {
  return s.replace(/\D+/g, '');
}

export function customerRowFromForm(id: string, form: CustomerForm, now: string): CustomerRow {
  const row = {
    id,
    first_name: form['First name'].trim(),
    last_name: form['Last name'].trim(),
    vin: form.VIN.trim().toUpperCase(),
    registration: form['Registration Number'].trim().toUpperCase(),
    email: (form.Email ?? '').trim(),
    contact: digits(form['Contact number']),
    current_points: 0,
    discount: 0,
    note: '',
    active: 1,
    created_at: now,
    updated_at: now,
    version: 1,
  };
  return { ...row, ...customerKeys(row) };
}

/**
 * Puts a new customer's row in the write `w`, refusing a second record for a VIN here as the server would (so a
 * check-in made offline is not refused later). Queues nothing: the caller queues the call that creates the customer
 * on the server (POST /customer, or at level 1 the POST /service that brings the new customer's fields).
 */
export async function putNewCustomer(w: WriteContext, form: CustomerForm): Promise<CustomerRow> {
  const twin = await w.db.customers.where('vin_key').equals(plateKey(form.VIN)).first();
  if (twin) throw new LocalWriteError(fill(MSG.vinTaken, { name: `${twin.first_name} ${twin.last_name}` }));
  return w.put('customers', customerRowFromForm(newId(), form, w.now));
}

/** Queues POST /customer {form payload} for a row put by putNewCustomer in the same write. */
export function enqueueNewCustomer(w: WriteContext, id: string, form: CustomerForm) {
  return w.enqueue({
    method: 'POST',
    path: '/customer',
    body: { data: { id, ...form } },
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

    /** POST /customer {form payload}; returns the new customer's id (made here, UUIDv7). */
    add(form: CustomerForm): Promise<string> {
      return localWrite(db, async (w) => {
        // one record per VIN, as the server holds it: refused here rather than as a conflict after the sync
        const row = await putNewCustomer(w, form);
        await enqueueNewCustomer(w, row.id, form);
        return row.id;
      });
    },

    /**
     * PUT /customer (inline edit of the Customers table): only the fields that differ from the row, each with the
     * value it was based on, and whether the customer was active (issue 14: a field someone changed since, or a
     * customer blocked since, comes back as a conflict to decide, never as an overwrite). Nothing changed: nothing sent.
     */
    edit(id: string, changes: CustomerEdit): Promise<CustomerRow> {
      return localWrite(db, async (w) => {
        const cur = await w.get<CustomerRow>('customers', id);
        if (!cur) throw new LocalWriteError(MSG.customerNotFoundUpper);
        const clean: CustomerEdit = { ...changes };
        if (changes.contact !== undefined) clean.contact = digits(changes.contact);
        if (changes.vin !== undefined) clean.vin = changes.vin.trim().toUpperCase();
        if (changes.registration !== undefined) clean.registration = changes.registration.trim().toUpperCase();
        if (changes.note !== undefined && changes.note.length > 500) throw new LocalWriteError(MSG.noteMax);
        const set = changedFields({ ...cur }, { ...clean });
        if (Object.keys(set.changes).length === 0) return cur;
        const row = await w.patch<CustomerRow>('customers', id, { ...set.changes, updated_at: w.now });
        const base = { ...set.base, active: cur.active };
        await queueFieldChange(
          w,
          'customers',
          id,
          { changes: set.changes, base },
          `Edit customer ${row.first_name} ${row.last_name}`,
        );
        return row;
      });
    },

    /** PUT /customer-status {data: {id, active}} — Block/Unblock (level 5) */
    setActive(id: string, active: boolean): Promise<void> {
      return localWrite(db, async (w) => {
        const row = await w.patch<CustomerRow>('customers', id, { active: active ? 1 : 0, updated_at: w.now });
        await w.enqueue({
          method: 'PUT',
          path: '/customer-status',
          body: { data: { id, active: active ? 1 : 0 } },
          label: `${active ? 'Unblock' : 'Block'} customer ${row.first_name} ${row.last_name}`,
        });
      });
    },

    /** customers ordered by newest first, for "recent" pickers */
    recent: (limit = 10) => db.customers.orderBy('created_at').reverse().limit(limit).toArray(),
    /** the customers on the device, from the counter kept with every write and pull (no scan) */
    count: async () => (await db.counters.get(rowCountKey('customers')))?.n ?? 0,
    /** for tests and tools: every customer whose plate starts with the prefix */
    byPlatePrefix: (prefix: string) => db.customers.where('registration_key').startsWith(plateKey(prefix)).toArray(),
  };
  return repo;
}
