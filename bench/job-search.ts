import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { newId } from '../src/domain/ids';
import { openLocalDb, type CustomerRow, type JobRow } from '../src/local/db';
import { derive } from '../src/local/rows';
import { jobsRepository } from '../src/local/repositories/jobs';
import { nth } from '../tests/helpers/present';

/**
 * `npx tsx bench/job-search.ts`: the paged job table's search (repos.jobs.page) among 50,000 jobs of 20,000 customers
 * (BENCH_JOBS, BENCH_CUSTOMERS), index ranges only: a plate, a surname, a contact, an email and a VIN end by their
 * start (the end), and one character, answered within its bounds. A part of a contact is a search the old "anywhere
 * inside" rule answered from the newest jobs: kept to compare, it now finds nothing. fake-indexeddb in Node is several times slower than a browser's IndexedDB: read the figures as an
 * upper bound and a regression guard.
 */
const JOBS = Number(process.env.BENCH_JOBS ?? 50_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const db = openLocalDb(`bench-job-search-${randomBytes(3).toString('hex')}`);
let seed = 7;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const pick = (s: string) => nth(s, Math.floor(rnd() * s.length));

const t0 = performance.now();
const customers: CustomerRow[] = [];
for (let i = 0; i < CUSTOMERS; i++) {
  const registration = `${pick(LETTERS)}${pick(LETTERS)} ${Math.floor(rnd() * 9000 + 1000)}`;
  const vin = Array.from({ length: 17 }, () => pick('0123456789ABCDEFGHJKLMNPRSTUVWXYZ')).join('');
  customers.push(
    derive('customers', {
      id: newId(),
      first_name: `First${i}`,
      last_name: `Last${i % 3000}`,
      vin,
      registration,
      email: `owner${i}@mail${i % 50}.test`,
      contact: String(8760000000 + i),
      current_points: 0,
      discount: 0,
      note: '',
      active: 1,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
      version: 1,
    }) as CustomerRow,
  );
}
const jobs: JobRow[] = [];
const start = Date.now() - JOBS * 60_000;
for (let i = 0; i < JOBS; i++) {
  const c = nth(customers, Math.floor(rnd() * customers.length));
  const at = new Date(start + i * 60_000).toISOString();
  jobs.push(
    derive('jobs', {
      id: newId(),
      number: `A1-${i + 1}`,
      customer_id: c.id,
      vin: c.vin,
      registration: c.registration,
      first_name: c.first_name,
      last_name: c.last_name,
      contact: c.contact,
      email: c.email,
      mileage: 1000,
      service: ['Oil change'],
      status: ['received', 'active', 'complete', 'booked'][i % 4],
      book_start: null,
      book_end: null,
      start: null,
      active_at: null,
      complete_at: null,
      technician: '',
      customer_note: '',
      service_note: '',
      comment: '',
      invoice: [],
      type: 'service',
      created_by: 'bench',
      created_at: at,
      updated_at: at,
      version: 1,
    }) as JobRow,
  );
}
for (let i = 0; i < customers.length; i += 5000) await db.customers.bulkPut(customers.slice(i, i + 5000));
for (let i = 0; i < jobs.length; i += 5000) await db.jobs.bulkPut(jobs.slice(i, i + 5000));
console.log(
  `loaded ${CUSTOMERS} customers and ${JOBS} jobs in ${((performance.now() - t0) / 1000).toFixed(1)} s (fake-indexeddb)`,
);

const repo = jobsRepository(db);
const sample = () => nth(jobs, Math.floor(rnd() * jobs.length));
async function measure(label: string, make: () => string, runs = 20) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const q = make();
    const t = performance.now();
    const r = await repo.page({ search: q, offset: 0, limit: 10 });
    times.push(performance.now() - t);
    total += r.total;
  }
  const s = times.sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${nth(s, Math.floor(s.length / 2)).toFixed(1)} ms, max ${nth(s, s.length - 1).toFixed(1)} ms (avg ${Math.round(total / runs)} matches)`,
  );
}
await measure('plate prefix', () => sample().registration.slice(0, 4));
await measure('surname', () => sample().last_name);
await measure('contact number', () => sample().contact);
await measure('part of a contact number (no longer found)', () => sample().contact.slice(4));
await measure('an email before its @ (its start)', () => nth(sample().email.split('@'), 0));
await measure('one character', () => pick('abcdefghkmnprstw'));
await measure('contact start, 8 digits (100 customers share one here)', () => sample().contact.slice(0, 8));
await measure('VIN end', () => sample().vin.slice(-6));
db.close();
