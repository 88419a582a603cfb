import Dexie from 'dexie';
import type { JobStatus } from '../../domain/entities';
import { SEARCH_CONTAINS_MIN, jobMatchesSearch } from '../../domain/jobs';
import { plateKey } from '../../domain/model/keys';
import type { BayBookDB, JobRow } from '../db';

/** The paged search reads this many of the newest jobs whole, to match inside names, email and contact. */
export const SEARCH_SCAN = 2000;
/** At most this many customers found by surname or contact prefix bring their jobs into a paged search. */
const SEARCH_CUSTOMERS = 200;

export interface JobPageQuery {
  status?: JobStatus;
  search?: string;
  offset?: number;
  limit?: number;
}

/**
 * The server-paged table variant, from local rows: a status (or all), a search, a page (newest first).
 *
 * The search is the domain's jobMatchesSearch, read as cheaply as each part allows:
 * - registration, VIN and #number by their start: the jobs' own indexes, over every job on the device;
 * - surname ("LAST FIRST") and contact by their start: the customers' indexes (at most SEARCH_CUSTOMERS customers),
 *   then those customers' jobs through `customer_id`;
 * - anything else (a first name, a part of an email or of a contact): a bounded filter over the newest SEARCH_SCAN
 *   jobs (of the status, when one is chosen), each checked by the same rule.
 * A one-character search uses the bounded filter only (its prefix ranges would read most of the table).
 * Every candidate is checked by jobMatchesSearch, so each path finds the same kind of match.
 */
export async function jobPage(db: BayBookDB, { status, search, offset = 0, limit = 10 }: JobPageQuery = {}) {
  const q = (search ?? '').trim();
  if (q) {
    const rows = await searchJobs(db, q, status);
    return { rows: rows.slice(offset, offset + limit), total: rows.length };
  }
  if (status) {
    const coll = db.jobs.where('[status+created_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]);
    const total = (await db.counters.get(`status:${status}`))?.n ?? 0;
    return { rows: await coll.reverse().offset(offset).limit(limit).toArray(), total };
  }
  const [rows, total] = await Promise.all([
    db.jobs.orderBy('created_at').reverse().offset(offset).limit(limit).toArray(),
    db.jobs.count(),
  ]);
  return { rows, total };
}

/** Every job matching the search (and status), newest first. */
async function searchJobs(db: BayBookDB, q: string, status: JobStatus | undefined): Promise<JobRow[]> {
  const hits = new Map<string, JobRow>();
  const keep = (rows: JobRow[]) => {
    for (const r of rows)
      if ((!status || r.status === status) && !hits.has(r.id) && jobMatchesSearch(r, q)) hits.set(r.id, r);
  };
  if (q.length >= SEARCH_CONTAINS_MIN) {
    const key = plateKey(q);
    if (key) {
      keep(await db.jobs.where('registration_key').startsWith(key).toArray());
      keep(await db.jobs.where('vin_key').startsWith(key).toArray());
    }
    const num = q.replace(/^#/, '').trim().toUpperCase();
    if (num) keep(await db.jobs.where('number').startsWith(num).toArray());
    // one index range per customer (anyOf walks one cursor, hopping key to key: slower for a few hundred keys)
    for (const rows of await Promise.all(
      [...(await customersFound(db, q))].map((id) => db.jobs.where('customer_id').equals(id).toArray()),
    ))
      keep(rows);
  }
  const newest = status
    ? db.jobs.where('[status+created_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]).reverse()
    : db.jobs.orderBy('created_at').reverse();
  keep(await newest.limit(SEARCH_SCAN).toArray());
  return [...hits.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The customers whose surname or contact starts with the search (at most SEARCH_CUSTOMERS of each). */
async function customersFound(db: BayBookDB, q: string): Promise<Set<string>> {
  const customers = new Set<string>();
  for (const id of await db.customers
    .where('name_key')
    .startsWith(q.toUpperCase())
    .limit(SEARCH_CUSTOMERS)
    .primaryKeys())
    customers.add(id);
  const phone = q.replace(/\D+/g, '');
  if (phone.length >= SEARCH_CONTAINS_MIN && /^[\d\s()+.-]+$/.test(q)) {
    for (const id of await db.customers.where('phone_key').startsWith(phone).limit(SEARCH_CUSTOMERS).primaryKeys())
      customers.add(id);
  }
  return customers;
}
