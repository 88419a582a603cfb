import Dexie from 'dexie';
import type { JobStatus } from '../../domain/entities';
import { jobMatchesSearch, jobSearchTerms } from '../../domain/jobs';
import type { SearchKey, SearchTerm } from '../../domain/search';
import type { BayBookDB, JobRow } from '../db';
import { prefixKeys } from '../paging';

/** Keys taken from each index range a search reads: jobs of one jobs range, or customers of one customer term. */
const SEARCH_RANGE = 200;
/** At most this many jobs a search reads whole; a broader search keeps the newest of its candidates. */
export const SEARCH_ROWS = 500;

/** The terms read through the jobs' own indexes: the plate and VIN the job was taken in with. */
const JOB_INDEXES: readonly SearchKey[] = ['registration_key', 'vin_key'];
/** The terms read through the customers' `[<key>+id]` indexes, then those customers' jobs by `customer_id`. */
const CUSTOMER_INDEXES: readonly SearchKey[] = ['vin_end_key', 'name_key', 'first_key', 'phone_key', 'email_key'];

export interface JobPageQuery {
  status?: JobStatus;
  search?: string;
  offset?: number;
  limit?: number;
}

export interface JobPage {
  rows: JobRow[];
  total: number;
  /** true when a search was too broad to read whole: `total` counts the matches found within the bounds */
  totalIsFloor: boolean;
}

/**
 * The server-paged table variant, from local rows: a status (or all), a search, a page (newest first).
 *
 * The search is the domain's jobSearchTerms/jobMatchesSearch (the shop search: prefixes of normalised keys), read from
 * index ranges only, never a scan of the newest jobs:
 * - registration and VIN by their start: the jobs' own `registration_key` and `vin_key`;
 * - the number by its start: the jobs' `number` (see numberRanges);
 * - the VIN's end, names, phone and email: the customers' `[<key>+id]` ranges (keys only), then those customers'
 *   jobs through `customer_id` (keys only). A job is found by its customer's keys and kept by its own copy, so a job
 *   whose copy no longer is its customer's (a name or phone changed since) is found by its plate, VIN or number.
 * Each range gives at most SEARCH_RANGE keys and at most SEARCH_ROWS jobs are read whole; a search broader than that
 * (one letter) shows the matches among them, its total marked as a floor ("of more than"). Every job read is checked
 * by jobMatchesSearch and the status, so an index range can never show a job the rule would not.
 */
export async function jobPage(
  db: BayBookDB,
  { status, search, offset = 0, limit = 10 }: JobPageQuery = {},
): Promise<JobPage> {
  const terms = jobSearchTerms(search ?? '');
  if (terms.length) {
    const { rows, totalIsFloor } = await searchJobs(db, terms, status);
    return { rows: rows.slice(offset, offset + limit), total: rows.length, totalIsFloor };
  }
  if (status) {
    const coll = db.jobs.where('[status+created_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]);
    const total = (await db.counters.get(`status:${status}`))?.n ?? 0;
    return { rows: await coll.reverse().offset(offset).limit(limit).toArray(), total, totalIsFloor: false };
  }
  const [rows, total] = await Promise.all([
    db.jobs.orderBy('created_at').reverse().offset(offset).limit(limit).toArray(),
    db.jobs.count(),
  ]);
  return { rows, total, totalIsFloor: false };
}

/** Every job matching the terms (and status) within the bounds, newest first. */
async function searchJobs(db: BayBookDB, terms: readonly SearchTerm[], status: JobStatus | undefined) {
  const byCustomer = terms.filter((t) => CUSTOMER_INDEXES.includes(t.key));
  // the ranges at once: IndexedDB answers the requests of one transaction in turn, without a round trip each
  const [own, found] = await Promise.all([
    Promise.all(terms.flatMap((t) => jobRanges(db, t))),
    Promise.all(byCustomer.map((t) => prefixKeys(db.customers, t.key, t.prefix, SEARCH_RANGE))),
  ]);
  let totalIsFloor = [...own, ...found].some((l) => l.length >= SEARCH_RANGE);
  // one index range per customer (anyOf walks one cursor, hopping key to key: slower for a few hundred keys)
  const theirs = await Promise.all(
    [...new Set(found.flat())].map((id) => db.jobs.where('customer_id').equals(id).primaryKeys()),
  );
  // ids are UUIDv7 (src/domain/ids.ts), time-ordered: past SEARCH_ROWS the highest are about the newest jobs
  let ids = [...new Set([...own.flat(), ...theirs.flat()])];
  if (ids.length > SEARCH_ROWS) {
    ids = ids.sort().slice(-SEARCH_ROWS);
    totalIsFloor = true;
  }
  const rows = (await db.jobs.bulkGet(ids)).filter(
    (r): r is JobRow => !!r && (!status || r.status === status) && jobMatchesSearch(r, terms),
  );
  rows.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  return { rows, totalIsFloor };
}

/** The key ranges a term reads in the jobs' own indexes (none for a term read through the customers). */
function jobRanges(db: BayBookDB, t: SearchTerm): Promise<string[]>[] {
  // from the end: one key's jobs lie in id order, time order (UUIDv7), so a range cut short keeps a key's newest
  const keys = (index: string, prefix: string) =>
    db.jobs.where(index).startsWith(prefix).reverse().limit(SEARCH_RANGE).primaryKeys();
  if (JOB_INDEXES.includes(t.key)) return [keys(t.key, t.prefix)];
  if (t.key === 'number_key') return numberRanges(t.prefix).map((p) => keys('number', p));
  return [];
}

/**
 * The starts of the stored numbers whose key begins with `key`. The `number` index holds a number as shown,
 * `<device code>-<n>` (src/server/numbers.ts: one dash), and its key drops the dash ('B2-17' keys 'B217'), so the
 * key's start is read with the dash after each of its characters, and without it (the dash not reached yet):
 * 'B21' reads 'B21', 'B-21', 'B2-1' and 'B21-'. A handful of short ranges, most of them empty.
 */
function numberRanges(key: string): string[] {
  const withDash = Array.from({ length: key.length }, (_, i) => `${key.slice(0, i + 1)}-${key.slice(i + 1)}`);
  return [key, ...withDash.filter((p) => !p.startsWith(key))];
}
