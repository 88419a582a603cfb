import Dexie from 'dexie';
import { newId } from '../../domain/ids';
import type { JobStatus } from '../../domain/entities';
import {
  SEARCH_CONTAINS_MIN,
  checkBookingUpdate,
  checkJobUpdate,
  jobMatchesSearch,
  outstandingServices,
} from '../../domain/jobs';
import { parseBooking } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { planAssign, planCancel, planNote, planStatusChange, type PlannedJob } from '../../domain/writes/jobs';
import { can } from '../../domain/permissions';
import { checkPhotoSize } from '../../domain/schemas/admin';
import { plateKey } from '../../domain/model/keys';
import { type BayBookDB, type CustomerRow, type JobRow, type Row, type StoredRow } from '../db';
import { shopDay, shopTimeZone } from '../rows';
import { changedFields, type FieldChangeSet } from '../../domain/fieldChanges';
import { queueFieldChange } from '../fieldCalls';
import { LocalWriteError, localWrite, type EnqueueInput, type WriteContext } from '../write';
import { enqueueNewCustomer, putNewCustomer, type CustomerForm } from './customers';

/**
 * Jobs (service requests), their actions, the service log and photos (SPEC §2 Job table, §4 states, §7 services/jobs,
 * photos and log). Every write changes the local rows and queues the SPEC §7 call in one transaction.
 * Job numbers come from the device's own series ('B2-17', shown '#B2-17'), final once shown.
 */

export type { JobStatus };

/** The paged search reads this many of the newest jobs whole, to match inside names, email and contact. */
export const SEARCH_SCAN = 2000;
/** At most this many customers found by surname or contact prefix bring their jobs into a paged search. */
export const SEARCH_CUSTOMERS = 200;
/** The shop's today lies within this much of now, whatever its zone (a day, a DST hour and a margin). */
const TODAY_REACH_MS = 26 * 3_600_000;

export interface NewJob {
  /** the job's customer, found on the device */
  customer?: CustomerRow;
  /**
   * or a new customer registered with this request (Make Service Request's "New customer"), in the same transaction.
   * From the level that may add customers (`customer.add`) it is queued as its own POST /customer before the
   * POST /service; below it (level 1, whom POST /customer refuses) only inside the POST /service, whose server route
   * creates the customer from the fields it is sent (docs/DECISIONS.md).
   */
  newCustomer?: CustomerForm;
  service: string[];
  mileage: number;
  customer_note?: string;
  /** level 4 and up may book a date on the request form ('YYYY-MM-DD HH:mm' or ISO) */
  book_start?: string | null;
  book_end?: string | null;
  type?: 'service' | 'product';
}

export type LogEntry = StoredRow<'service_log'>;

/** The server's rule (checkJobUpdate): no change but a status change touches a complete or canceled job. */
function assertOpen(job: JobRow) {
  const check = checkJobUpdate(job.status);
  if (!check.ok) throw new LocalWriteError(check.message);
}

async function mustGet(w: WriteContext, id: string): Promise<JobRow> {
  const job = await w.get<JobRow>('jobs', id);
  if (!job) throw new LocalWriteError(MSG.noRecordFound.replace('{id}', id));
  return job;
}

/** A booking time as UTC ISO: SPEC's 'YYYY-MM-DD HH:mm' is read in the shop's time zone, anything else as a date. */
function iso(v: string | null | undefined, tz: string): string | null {
  if (!v) return null;
  const booking = parseBooking(v, tz);
  if (booking) return booking;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

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
    async page({
      status,
      search,
      offset = 0,
      limit = 10,
    }: { status?: JobStatus; search?: string; offset?: number; limit?: number } = {}) {
      const q = (search ?? '').trim();
      if (q) {
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
          const customers = new Set<string>();
          for (const id of await db.customers
            .where('name_key')
            .startsWith(q.toUpperCase())
            .limit(SEARCH_CUSTOMERS)
            .primaryKeys())
            customers.add(id);
          const phone = q.replace(/\D+/g, '');
          if (phone.length >= SEARCH_CONTAINS_MIN && /^[\d\s()+.-]+$/.test(q)) {
            for (const id of await db.customers
              .where('contact')
              .startsWith(phone)
              .limit(SEARCH_CUSTOMERS)
              .primaryKeys())
              customers.add(id);
          }
          // one index range per customer (anyOf walks one cursor, hopping key to key: slower for a few hundred keys)
          for (const rows of await Promise.all(
            [...customers].map((id) => db.jobs.where('customer_id').equals(id).toArray()),
          ))
            keep(rows);
        }
        const newest = status
          ? db.jobs.where('[status+created_at]').between([status, Dexie.minKey], [status, Dexie.maxKey]).reverse()
          : db.jobs.orderBy('created_at').reverse();
        keep(await newest.limit(SEARCH_SCAN).toArray());
        const rows = [...hits.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
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
    },

    /** Every job, newest first (the job table's "loaded all at once" variant). */
    all: () => db.jobs.orderBy('created_at').reverse().toArray(),

    /** The services catalogue (SPEC §3 title, description), by title. */
    catalogue: () => db.services.orderBy('title').toArray(),

    /** Services to pre-tick on a new request for this vehicle (the rule of POST /outstanding-services, offline). */
    async outstanding(vin: string, mileage: number): Promise<string[]> {
      const history = await db.jobs.where('vin_key').equals(plateKey(vin)).reverse().sortBy('created_at');
      return outstandingServices(history.slice(0, 50), mileage);
    },

    /** Bookings between two instants (calendar month view). */
    bookings: (fromIso: string, toIso: string) =>
      db.jobs.where('book_start').between(fromIso, toIso, true, false).toArray(),

    /** Dashboard tiles from the counters kept with every job write (a count() would scan). */
    async tiles(now = new Date()) {
      const tz = await shopTimeZone(db);
      const day = shopDay(now, tz);
      const n = async (k: string) => (await db.counters.get(k))?.n ?? 0;
      return {
        active: await n('status:active'),
        received: await n('status:received'),
        complete: await n(`complete:${day}`),
        booked: await n(`booked:${day}`),
      };
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

    serviceLog: (jobId: string) =>
      db.service_log.where('[job_id+created_at]').between([jobId, Dexie.minKey], [jobId, Dexie.maxKey]).toArray(),
    photos: (jobId: string) => db.service_photos.where('job_id').equals(jobId).toArray(),
    invoices: (jobId: string) => db.invoices.where('request_id').equals(jobId).toArray(),

    /** POST /service {customer, service[]} — a new job numbered from this device's series. Returns the job. */
    create(input: NewJob): Promise<JobRow> {
      return localWrite(db, async (w) => {
        if (input.customer && Number(input.customer.active) === 0) throw new LocalWriteError(MSG.customerBlocked);
        if (!input.service.length && input.type !== 'product') throw new LocalWriteError(MSG.selectOneService);
        let c = input.customer;
        // the rows this entry creates on the server: the job, and a new customer sent inside it (below customer.add)
        const creates: string[] = [];
        if (input.newCustomer) {
          c = await putNewCustomer(w, input.newCustomer);
          if (can('customer.add', w.session.permission)) await enqueueNewCustomer(w, c.id, input.newCustomer);
          else creates.push(c.id);
        }
        if (!c) throw new LocalWriteError(MSG.customerNotFoundUpper);
        const id = newId();
        creates.unshift(id);
        const number = await w.nextNumber('job');
        const tz = await shopTimeZone(db);
        const booked = !!input.book_start;
        const job: JobRow = {
          id,
          number,
          customer_id: c.id,
          vin: c.vin,
          vin_key: plateKey(c.vin),
          registration: c.registration,
          registration_key: plateKey(c.registration),
          first_name: c.first_name,
          last_name: c.last_name,
          contact: c.contact,
          email: c.email || 'none',
          mileage: input.mileage,
          service: input.service,
          status: booked ? 'booked' : 'received',
          book_start: iso(input.book_start, tz),
          book_end: iso(input.book_end, tz),
          start: iso(input.book_start, tz),
          active_at: null,
          complete_at: null,
          technician: '',
          customer_note: input.customer_note ?? '',
          service_note: '',
          comment: '',
          invoice: [],
          type: input.type ?? 'service',
          created_by: w.session.username,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        };
        await w.put('jobs', job);
        await w.enqueue({
          method: 'POST',
          path: '/service',
          body: {
            data: {
              id,
              number,
              customer: {
                id: c.id,
                vin: c.vin,
                registration: c.registration,
                first_name: c.first_name,
                last_name: c.last_name,
                contact: c.contact,
                email: c.email,
              },
              customer_id: c.id,
              service: input.service,
              mileage: input.mileage,
              customer_note: job.customer_note,
              book_start: job.book_start,
              book_end: job.book_end,
              type: job.type,
            },
          },
          creates,
          needs: [c.id],
          label:
            creates.length > 1
              ? `Job #${number} for new customer ${c.first_name} ${c.last_name} (${c.registration})`
              : `Job #${number} for ${c.registration}`,
        });
        return job;
      });
    },

    /** PUT /job-action/status {id, status, detail} (confirmed by the screen first) */
    setStatus(id: string, status: JobStatus, detail = ''): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        const hasInvoice = !!(job.invoice?.length || (await db.invoices.where('request_id').equals(id).count()));
        // the same plan the server runs (level 5 may still move a final job)
        const plan = planStatusChange(job, status, {
          level: w.session.permission,
          hasInvoice,
          now: new Date(w.now),
          detail,
        });
        // sent as a field change: a status someone else moved since is theirs to keep or mine to re-send (issue 14)
        return storeJobPlan(w, job, plan, {
          field: { changes: { status }, base: { status: job.status } },
          label: `Job #${job.number} to ${status}`,
          detail,
        });
      });
    },

    /** PUT /job-action/cancel {id} */
    cancel(id: string): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        return storeJobPlan(w, job, planCancel(job, w.session.permission), {
          method: 'PUT',
          path: '/job-action/cancel',
          body: { data: { id } },
          label: `Cancel job #${job.number}`,
        });
      });
    },

    /** PUT /job-action/technician {id, technician, detail}; skipped when unchanged or empty (SPEC §4) */
    assign(id: string, technician: string, detail = ''): Promise<JobRow | null> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        if (!technician) return null;
        // whether the name is a technician is the server's to say when the call arrives (its team is the authority)
        const plan = planAssign(job, technician, undefined, detail);
        if (plan.ok && Object.keys(plan.changes).length === 0) return null;
        const call = {
          field: { changes: { technician }, base: { technician: job.technician } },
          label: `Assign job #${job.number} to ${technician}`,
          detail,
        };
        return storeJobPlan(w, job, plan, call);
      });
    },

    /** PUT /job-action/comment {id, value} (comment for customer) */
    comment: (id: string, value: string) => textAction(db, id, 'comment', value, 'Customer comment'),
    /** PUT /job-action/service-note {id, value} */
    serviceNote: (id: string, value: string) => textAction(db, id, 'service_note', value, 'Service note'),

    /** PUT /job-action/services {id, service[]} (Edit services) */
    setServices(id: string, service: string[]): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        assertOpen(job);
        if (!service.length) throw new LocalWriteError(MSG.selectOneService);
        return storeJobField(w, job, { service }, `Services of job #${job.number}`);
      });
    },

    /** PUT /service {data: {id, mileage}} (inline mileage edit) */
    setMileage(id: string, mileage: number): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        assertOpen(job);
        if (!Number.isFinite(mileage) || mileage < 0) throw new LocalWriteError(MSG.invalidMileage);
        return storeJobField(w, job, { mileage }, `Mileage of job #${job.number}`);
      });
    },

    /** PUT /booking-date {id, book_start, book_end, status: 'booked'} — a booking date update sets status booked */
    book(id: string, bookStart: string, bookEnd: string): Promise<JobRow> {
      return localWrite(db, async (w) => {
        const job = await mustGet(w, id);
        // the rule the calendar offers its form by: level 4+, never a final job
        const check = checkBookingUpdate(job.status, w.session.permission);
        if (!check.ok) throw new LocalWriteError(check.message);
        const tz = await shopTimeZone(db);
        const start = iso(bookStart, tz);
        const end = iso(bookEnd, tz);
        if (!start || !end || start > end) throw new LocalWriteError(MSG.invalidBookingDates);
        const row = await w.patch<JobRow>('jobs', id, {
          book_start: start,
          book_end: end,
          start,
          status: 'booked',
          updated_at: w.now,
        });
        await w.enqueue({
          method: 'PUT',
          path: '/booking-date',
          body: { data: { id, book_start: start, book_end: end, status: 'booked' } },
          label: `Booking of job #${job.number}`,
        });
        return row;
      });
    },

    /** POST /service-log {value, id} */
    addLog(jobId: string, value: string): Promise<LogEntry> {
      return localWrite(db, async (w) => {
        if (!value.trim()) throw new LocalWriteError(MSG.writeSomething);
        const job = await mustGet(w, jobId);
        const entry: LogEntry = {
          id: newId(),
          job_id: jobId,
          message: value,
          username: w.session.username,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        };
        await w.put('service_log', entry);
        await w.enqueue({
          method: 'POST',
          path: '/service-log',
          body: { data: { id: entry.id, value, job_id: jobId } },
          creates: [entry.id],
          needs: [jobId],
          label: `Log on job #${job.number}`,
        });
        return entry;
      });
    },

    /** DELETE /service-log {id} (level 5) */
    removeLog(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        const entry = await w.get<LogEntry>('service_log', id);
        await w.remove('service_log', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/service-log',
          body: { data: { id } },
          label: `Delete log "${String(entry?.message ?? '').slice(0, 15)}"`,
        });
      });
    },

    /**
     * POST /upload/service-photo (form data myfile, job_id): the photo is kept as a Blob in `blobs` until sent.
     * Larger than 10 MB is refused here, before anything is queued.
     */
    addPhoto(jobId: string, file: Blob, name = 'photo.jpg'): Promise<Row> {
      // SPEC §5: refused before anything is queued
      const size = checkPhotoSize(file.size);
      if (!size.ok) return Promise.reject(new LocalWriteError(size.message));
      return localWrite(db, async (w) => {
        const job = await mustGet(w, jobId);
        const blob = await w.storeBlob(file, name);
        const id = newId();
        const row: Row = {
          id,
          job_id: jobId,
          src: `blob:${blob.id}`,
          thumbnail: `blob:${blob.id}`,
          mime: blob.mime,
          size: blob.size,
          created_at: w.now,
          local: true,
        };
        await w.put('service_photos', row);
        await w.enqueue({
          method: 'POST',
          path: '/upload/service-photo',
          form: { job_id: jobId, id },
          blobId: blob.id,
          creates: [id],
          needs: [jobId],
          label: `Photo for job #${job.number}`,
        });
        return row;
      });
    },

    /** DELETE /servicePhoto {id} */
    removePhoto(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        await w.remove('service_photos', id);
        await w.enqueue({ method: 'DELETE', path: '/servicePhoto', body: { data: { id } }, label: 'Delete photo' });
      });
    },

    /** The bytes of a photo taken offline and not yet uploaded (for an object URL). */
    async localPhoto(src: string): Promise<Blob | null> {
      if (!src.startsWith('blob:')) return null;
      return (await db.blobs.get(src.slice(5)))?.blob ?? null;
    },
  };
}

function textAction(
  db: BayBookDB,
  id: string,
  field: 'comment' | 'service_note',
  value: string,
  what: string,
): Promise<JobRow> {
  return localWrite(db, async (w) => {
    const job = await mustGet(w, id);
    // the note it was based on travels with it: a note someone else wrote since is never replaced (issue 14)
    const call = {
      field: { changes: { [field]: value }, base: { [field]: job[field] } },
      label: `${what} on job #${job.number}`,
    };
    return storeJobPlan(w, job, planNote(job, field, value), call);
  });
}

/** Stores a job plan of src/domain/writes/jobs.ts and queues its call; a job already as asked stores and sends nothing. */
/** Stores a job field and queues it as a field change with its base (issue 14); nothing when it is already so. */
async function storeJobField(w: WriteContext, job: JobRow, edit: Partial<JobRow>, label: string): Promise<JobRow> {
  const set = changedFields({ ...job }, { ...edit });
  if (Object.keys(set.changes).length === 0) return job;
  const row = await w.patch<JobRow>('jobs', job.id, { ...set.changes, updated_at: w.now });
  await queueFieldChange(w, 'jobs', job.id, set, label);
  return row;
}

/** A field change of the job (issue 14: sent with its base), or another job call as it is. */
type JobCall = EnqueueInput | { field: FieldChangeSet; label: string; detail?: string };

async function storeJobPlan(w: WriteContext, job: JobRow, plan: PlannedJob, call: JobCall): Promise<JobRow> {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  if (Object.keys(plan.changes).length === 0) return job;
  const row = await w.patch<JobRow>('jobs', job.id, { ...plan.changes, updated_at: w.now });
  if ('field' in call) await queueFieldChange(w, 'jobs', job.id, call.field, call.label, call.detail);
  else await w.enqueue(call);
  return row;
}
