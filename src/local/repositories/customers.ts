import { newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { nameKey, plateKey, type BayBookDB, type CustomerRow } from '../db';
import { LocalWriteError, localWrite, type WriteContext } from '../write';

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
  return {
    id,
    first_name: form['First name'].trim(),
    last_name: form['Last name'].trim(),
    vin: form.VIN.trim().toUpperCase(),
    vin_key: plateKey(form.VIN),
    registration: form['Registration Number'].trim().toUpperCase(),
    registration_key: plateKey(form['Registration Number']),
    name_key: nameKey(form['Last name'], form['First name']),
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
     * The 'Find customer' search (registration, contact number, customer id or VIN; names too): prefix ranges on
     * the normalised keys, merged, at most `limit` rows. Fewer than 3 characters finds nothing (SPEC §5).
     */
    async search(text: string, limit = 20): Promise<CustomerRow[]> {
      const q = text.trim();
      if (q.length < 3) return [];
      const key = plateKey(q);
      const found = new Map<string, CustomerRow>();
      const add = (rows: CustomerRow[]) => {
        for (const r of rows) if (found.size < limit || found.has(r.id)) found.set(r.id, r);
      };
      add(await db.customers.where('registration_key').startsWith(key).limit(limit).toArray());
      if (found.size < limit) add(await db.customers.where('vin_key').startsWith(key).limit(limit).toArray());
      const phone = digits(q);
      if (found.size < limit && phone.length >= 3 && phone.length === q.replace(/[\s()+-]/g, '').length) {
        add(await db.customers.where('contact').startsWith(phone).limit(limit).toArray());
      }
      if (found.size < limit && /^[0-9a-f-]{8,}$/i.test(q)) {
        const byId = await db.customers.get(q.toLowerCase());
        if (byId) add([byId]);
      }
      if (found.size < limit) add(await db.customers.where('name_key').startsWith(q.toUpperCase()).limit(limit).toArray());
      return [...found.values()].slice(0, limit);
    },

    /** A page of the Customers table, sorted by name (or newest first). */
    async page({ offset = 0, limit = 10, orderBy = 'name' }: { offset?: number; limit?: number; orderBy?: 'name' | 'created_at' } = {}) {
      const coll = orderBy === 'name' ? db.customers.orderBy('[last_name+first_name]') : db.customers.orderBy('created_at').reverse();
      const [rows, total] = await Promise.all([coll.offset(offset).limit(limit).toArray(), db.customers.count()]);
      return { rows, total };
    },

    all: () => db.customers.orderBy('[last_name+first_name]').toArray(),

    /** POST /customer {form payload}; returns the new customer's id (made here, UUIDv7). */
    add(form: CustomerForm): Promise<string> {
      return localWrite(db, async (w) => {
        // one record per VIN, as the server holds it: refused here rather than as a conflict after the sync
        const row = await putNewCustomer(w, form);
        await enqueueNewCustomer(w, row.id, form);
        return row.id;
      });
    },

    /** PUT /customer {data: edited row} (inline edit of the Customers table) */
    edit(id: string, changes: CustomerEdit): Promise<CustomerRow> {
      return localWrite(db, async (w) => {
        const cur = await w.get<CustomerRow>('customers', id);
        if (!cur) throw new LocalWriteError(MSG.customerNotFoundUpper);
        const clean: Partial<CustomerRow> = { ...changes };
        if (changes.contact !== undefined) clean.contact = digits(changes.contact);
        if (changes.vin !== undefined) clean.vin = changes.vin.trim().toUpperCase();
        if (changes.registration !== undefined) clean.registration = changes.registration.trim().toUpperCase();
        if (changes.note !== undefined && changes.note.length > 500) throw new LocalWriteError(MSG.noteMax);
        const row = await w.patch<CustomerRow>('customers', id, { ...clean, updated_at: w.now });
        await w.enqueue({
          method: 'PUT',
          path: '/customer',
          body: { data: { id, ...changes, version: cur.version } },
          label: `Edit customer ${row.first_name} ${row.last_name}`,
        });
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
    count: () => db.customers.count(),
    /** for tests and tools: every customer whose plate starts with the prefix */
    byPlatePrefix: (prefix: string) =>
      db.customers.where('registration_key').startsWith(plateKey(prefix)).toArray(),
  };
  return repo;
}
