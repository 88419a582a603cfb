import Dexie from 'dexie';
import type { JobStatus } from '../../domain/entities';
import { outstandingServices } from '../../domain/jobs';
import { plateKey } from '../../domain/model/keys';
import type { BayBookDB, JobRow } from '../db';
import { readCounters, shopDay, shopTimeZone, stillCounting } from '../rows';
import { jobActions } from './jobActions';
import { createJob, type NewJob } from './jobCreate';
import { jobMedia } from './jobMedia';
import { jobPage, type JobPageQuery } from './jobSearch';

/**
 * Jobs (service requests), their actions, the service log and photos (SPEC §2 Job table, §4 states, §7 services/jobs,
 * photos and log). Every write changes the local rows and queues the SPEC §7 call in one transaction.
 * Job numbers come from the device's own series ('B2-17', shown '#B2-17'), final once shown.
 * The reads are here; the search in jobSearch.ts, the writes in jobCreate.ts, jobActions.ts and jobMedia.ts.
 */

export type { LogEntry } from './jobMedia';

/** The shop's today lies within this much of now, whatever its zone (a day, a DST hour and a margin). */
const TODAY_REACH_MS = 26 * 3_600_000;

export function jobsRepository(db: BayBookDB) {
  return {
    get: (id: string) => db.jobs.get(id),
    byNumber: (number: string) => db.jobs.where('number').equals(number.replace(/^#/, '')).first(),
    forVin: (vin: string) => db.jobs.where('vin_key').equals(plateKey(vin)).reverse().sortBy('created_at'),
    forCustomer: (customerId: string) => db.jobs.where('customer_id').equals(customerId).reverse().sortBy('created_at'),

    /** Jobs of one status, newest first, through the [status+created_at] index (sorted page in under a millisecond). */
    byStatus(status: JobStatus, { offset = 0, limit = 500 }: { offset?: number; limit?: number } = {}) {
      return db.jobs
        .where('[status+created_at]')
        .between([status, Dexie.minKey], [status, Dexie.maxKey])
        .reverse()
        .offset(offset)
        .limit(limit)
        .toArray();
    },

    /** The server-paged table variant, from local rows (jobSearch.ts). */
    page: (query?: JobPageQuery) => jobPage(db, query),

    /** Every job, newest first (the job table's "loaded all at once" variant). */
    all: () => db.jobs.orderBy('created_at').reverse().toArray(),

    /** The services catalogue (SPEC §3 title, description), by title. */
    catalogue: () => db.services.orderBy('title').toArray(),

    /** Services to pre-tick on a new request for this vehicle (the rule of POST /outstanding-services, offline). */
    async outstanding(vin: string, mileage: number): Promise<string[]> {
      const history = await db.jobs.where('vin_key').equals(plateKey(vin)).reverse().sortBy('created_at');
      return outstandingServices(history.slice(0, 50), mileage);
    },

    ...dayReads(db),

    serviceLog: (jobId: string) =>
      db.service_log.where('[job_id+created_at]').between([jobId, Dexie.minKey], [jobId, Dexie.maxKey]).toArray(),
    photos: (jobId: string) => db.service_photos.where('job_id').equals(jobId).toArray(),
    invoices: (jobId: string) => db.invoices.where('request_id').equals(jobId).toArray(),

    /** The bytes of a photo taken offline and not yet uploaded (for an object URL). */
    async localPhoto(src: string): Promise<Blob | null> {
      if (!src.startsWith('blob:')) return null;
      return (await db.blobs.get(src.slice(5)))?.blob ?? null;
    },

    /** POST /service {customer, service[]} — a new job numbered from this device's series. Returns the job. */
    create: (input: NewJob) => createJob(db, input),
    ...jobActions(db),
    ...jobMedia(db),
  };
}

/** The calendar's bookings and the dashboard's today: tiles from the counters, the jobs behind a today tile. */
function dayReads(db: BayBookDB) {
  return {
    /** Bookings between two instants (calendar month view). */
    bookings: (fromIso: string, toIso: string) =>
      db.jobs.where('book_start').between(fromIso, toIso, true, false).toArray(),

    /**
     * Dashboard tiles from the counters kept with every job write (a count() would scan); `counting`
     * while a first sync is still filling them (the figures are then only the rows pulled so far).
     */
    async tiles(now = new Date()) {
      const [tz, counting] = await Promise.all([shopTimeZone(db), stillCounting(db)]);
      const day = shopDay(now, tz);
      const [active, received, complete, booked] = await readCounters(db, [
        'status:active',
        'status:received',
        `complete:${day}`,
        `booked:${day}`,
      ]);
      return { active, received, complete, booked, counting };
    },

    /**
     * The jobs of a "today" tile, newest first (the table under it): complete jobs completed on the shop's today,
     * booked jobs booked for it — the same rule as the counters (src/local/rows.ts jobCounterKeys). Each reads its
     * index ([status+complete_at], book_start) over the instants that can fall on the shop's today in any zone (26
     * hours either side of now), then keeps those whose shop day is today: about two days of rows, never every complete
     * or booked job ever stored. (Active and Received are thousands at a busy shop: the Dashboard pages them.)
     */
    async tileJobs(status: 'complete' | 'booked', now = new Date()): Promise<JobRow[]> {
      const tz = await shopTimeZone(db);
      const day = shopDay(now, tz);
      const from = new Date(now.getTime() - TODAY_REACH_MS).toISOString();
      const to = new Date(now.getTime() + TODAY_REACH_MS).toISOString();
      const range =
        status === 'complete'
          ? db.jobs.where('[status+complete_at]').between(['complete', from], ['complete', to], true, true)
          : db.jobs.where('book_start').between(from, to, true, true);
      const when = (j: JobRow) => (status === 'complete' ? j.complete_at : j.book_start);
      const onToday = (v: string | null | undefined) => !!v && !String(v).startsWith('0000') && shopDay(v, tz) === day;
      const rows = await range.toArray();
      return rows
        .filter((j) => j.status === status && onToday(when(j)))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
    },
  };
}
