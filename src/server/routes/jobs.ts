import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { bookingInstant, checkBooking, shopTimeZone, startOfShopDay } from '../../domain/dates';
import { isId, newId } from '../../domain/ids';
import { checkJobUpdate, displayJobNumber, outstandingServices, STATUS_AFTER_BOOKING } from '../../domain/jobs';
import {
  JOB_NOTES,
  jobSubject,
  planAssign,
  planCancel,
  planNote,
  planStatusChange,
  type JobNow,
  type PlannedJob,
} from '../../domain/writes/jobs';
import { TECHNICIAN_LEVEL } from '../../domain/levels';
import { MSG, fill } from '../../domain/messages';
import { can } from '../../domain/permissions';
import {
  fieldGroup,
  fromSpecCustomer,
  jobIdSchema,
  jobNoteSchema,
  makeBookingDateSchema,
  makeServiceRequestSchema,
  mileageEditSchema,
  outstandingSchema,
  serviceCustomerSchema,
  serviceLogSchema,
  servicesEditSchema,
  statusChangeSchema,
  technicianSchema,
} from '../../domain/schemas';
import { normaliseVin } from '../../domain/vin';
import { decideFields, fieldChangeShape, withDevice } from '../../domain/fieldChanges';
import type { Db, Tx } from '../db/client';
import { customers, invoices, jobs, serviceLog, services, users } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { pageQueryDoc } from '../http/openapi';
import { pageParams } from '../http/paging';
import { conflictAnswers } from '../http/conflicts';
import { defineRoute, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { validOrBadRequest } from '../http/validate';
import { takeNumber } from '../numbers';
import { readSettings } from '../settings';
import { createCustomer } from './customers';

type Job = typeof jobs.$inferSelect;

const serviceRequestPayload = makeServiceRequestSchema().shape({
  customer: fieldGroup('customer').optional(),
  type: string().oneOf(['service', 'product']).default('service'),
});

/** inside a writing route's transaction, or straight on the database for a read */
async function jobOr404(tx: Tx | Db, id: string, forUpdate = false): Promise<Job> {
  const q = tx.select().from(jobs).where(eq(jobs.id, id));
  const [job] = !isId(id) ? [] : forUpdate ? await q.for('update') : await q;
  if (!job) throw notFound(fill(MSG.noRecordFound, { id }));
  return job;
}

function refuse(check: { ok: true } | { ok: false; message: string }) {
  if (!check.ok) throw badRequest(check.message);
}

/**
 * The booking's instants: ISO with an offset as sent, or SPEC's 'YYYY-MM-DD HH:mm' read in the shop's zone (config
 * time_zone), never the server process's. The schema checked the text; the dates are checked again here in the
 * shop's zone with SPEC's 'Invalid dates' / 'Invalid booking dates'.
 */
async function bookingOf(
  tx: Tx,
  body: { book_start?: string | null; book_end?: string | null },
): Promise<{ start: Date; end: Date }> {
  const tz = shopTimeZone((await readSettings(tx)).timeZone);
  refuse(checkBooking(body.book_start, body.book_end, new Date(), tz));
  return { start: new Date(bookingInstant(body.book_start, tz)!), end: new Date(bookingInstant(body.book_end, tz)!) };
}

/** Every job update goes through here: one place bumps version and updated_at and records the change. */
async function updateJob(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  job: Job,
  set: Partial<typeof jobs.$inferInsert>,
  what: string,
) {
  await ctx.tx
    .update(jobs)
    .set({ ...set, updated_at: new Date(), version: sql`${jobs.version} + 1` })
    .where(eq(jobs.id, job.id));
  ctx.changed('jobs', job.id);
  ctx.log('service', jobSubject(job), what);
}

/** The job as the plans of src/domain/writes/jobs.ts read it. */
const jobNow = (job: Job): JobNow => ({ ...job, active_at: job.active_at?.toISOString() ?? null });

/** Stores a job plan (nothing when the job already is as asked) and answers with its message; a refusal is a 400. */
async function storeJobPlan(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  job: Job,
  plan: PlannedJob,
  device?: string,
) {
  if (!plan.ok) throw badRequest(plan.message);
  const { active_at, complete_at, ...rest } = plan.changes;
  if (Object.keys(plan.changes).length > 0) {
    const stamps = {
      ...(active_at !== undefined ? { active_at: new Date(active_at) } : {}),
      ...(complete_at !== undefined ? { complete_at: complete_at ? new Date(complete_at) : null } : {}),
    };
    await updateJob(ctx, job, { ...rest, ...stamps }, withDevice(plan.log.predicate, device));
  }
  return { value: true, message: plan.message };
}

/** How a job's activity-log lines (the plans of writes/jobs.ts and the routes here) begin when a field changed. */
const JOB_LINES: Record<string, string[]> = {
  status: ['status ', 'canceled'],
  technician: ['assigned to '],
  mileage: ['mileage '],
  service: ['services: '],
  comment: [JOB_NOTES.comment],
  service_note: [JOB_NOTES.service_note],
};
const jobLineMentions = (field: string, line: string) =>
  (JOB_LINES[field] ?? [field]).some((start) => line.startsWith(start));

/**
 * A job call carrying base values (issue 14): the answer naming the fields someone else changed since, or null when
 * every field may land. A call without base (an older device) is never a conflict.
 */
async function fieldConflicts(
  ctx: Pick<WriteCtx<unknown>, 'tx'>,
  job: Job,
  changes: Record<string, unknown>,
  base: Record<string, unknown> | undefined,
) {
  if (!base) return null;
  const { conflicts } = decideFields(job, { changes, base });
  if (conflicts.length === 0) return null;
  const answers = await conflictAnswers(
    ctx.tx,
    { entity: 'jobs', id: job.id, subject: jobSubject(job) },
    conflicts,
    jobLineMentions,
  );
  return { value: true, message: fill(MSG.fieldConflicts, { count: answers.length }), conflicts: answers };
}

async function hasInvoice(tx: Tx, job: Job): Promise<boolean> {
  if (job.invoice.length > 0) return true;
  const [{ n }] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.request_id, job.id));
  return Number(n) > 0;
}

const ORDERABLE = {
  created_at: jobs.created_at,
  registration: jobs.registration,
  first_name: jobs.first_name,
  last_name: jobs.last_name,
  status: jobs.status,
  mileage: jobs.mileage,
  number: jobs.number,
  vin: jobs.vin,
  technician: jobs.technician,
  complete_at: jobs.complete_at,
  book_start: jobs.book_start,
} as const;

function searchJobs(text: string): SQL | undefined {
  if (!text.trim()) return undefined;
  const like = `%${text.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  return or(
    ilike(jobs.registration, like),
    ilike(jobs.vin, like),
    ilike(jobs.first_name, like),
    ilike(jobs.last_name, like),
    ilike(jobs.contact, like),
    ilike(jobs.email, like),
    ilike(jobs.number, like),
    ilike(jobs.technician, like),
  );
}

export function jobsRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  for (const path of ['/serviceList', '/services']) {
    defineRoute(app, s, {
      method: 'GET',
      path,
      summary: 'The service catalogue (title, description)',
      async handler() {
        const rows = await db
          .select({ id: services.id, title: services.title, description: services.description })
          .from(services)
          .orderBy(asc(services.title));
        return { value: true, data: rows };
      },
    });
  }

  defineRoute(app, s, {
    method: 'POST',
    path: '/service',
    write: true,
    summary:
      "Make a service request {customer (id, or VIN/registration, or new customer fields), service[], mileage, book_start?, book_end?}; booking times are ISO with an offset or 'YYYY-MM-DD HH:mm' in the shop's time zone",
    body: serviceRequestPayload,
    async handler(ctx) {
      const { tx, body, user } = ctx;
      const given = fromSpecCustomer((body.customer ?? {}) as Record<string, unknown>);
      const customerId = body.customer_id ?? (isId(given.id) ? (given.id as string) : undefined);
      let customer = customerId
        ? (await tx.select().from(customers).where(eq(customers.id, customerId)))[0]
        : undefined;
      if (!customer && typeof given.vin === 'string' && given.vin.trim()) {
        customer = (
          await tx
            .select()
            .from(customers)
            .where(eq(customers.vin, normaliseVin(given.vin)))
        )[0];
      }
      if (!customer) {
        const input = await validOrBadRequest(serviceCustomerSchema, { ...given, id: customerId ?? given.id });
        customer = await createCustomer(ctx, input);
      }
      if (customer.active !== 1) throw badRequest(MSG.customerBlocked);
      const booked = !!(body.book_start && body.book_end);
      if (booked && !can('request.book', user.permission)) throw forbidden(MSG.forbidden);
      const booking = booked ? await bookingOf(tx, body) : null;
      const id = body.id ?? newId();
      const number = await takeNumber(tx, 'job', body.number);
      await tx.insert(jobs).values({
        id,
        number,
        customer_id: customer.id,
        vin: customer.vin,
        registration: customer.registration,
        first_name: customer.first_name,
        last_name: customer.last_name,
        contact: customer.contact,
        email: customer.email || 'none',
        mileage: body.mileage,
        service: body.service,
        status: booked ? 'booked' : 'received',
        book_start: booking?.start ?? null,
        book_end: booking?.end ?? null,
        start: booking?.start ?? null,
        customer_note: body.customer_note ?? '',
        type: body.type,
        created_by: user.username,
      });
      ctx.changed('jobs', id);
      ctx.log(
        'service',
        `Job ${displayJobNumber(number)} (${customer.registration})`,
        `received: ${body.service.join(', ')}${booking ? `, booked for ${booking.start.toISOString()}` : ''}`,
      );
      return { message: `Service request ${displayJobNumber(number)} created`, value: true, id, number };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/service',
    write: true,
    summary: 'Edit a job row: mileage',
    body: mileageEditSchema.shape(fieldChangeShape),
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id, true);
      refuse(checkJobUpdate(job.status));
      const conflicts = await fieldConflicts(ctx, job, { mileage: ctx.body.mileage }, ctx.body.base);
      if (conflicts) return conflicts;
      await updateJob(
        ctx,
        job,
        { mileage: ctx.body.mileage },
        withDevice(`mileage ${job.mileage} → ${ctx.body.mileage}`, ctx.body.device),
      );
      return { value: true, message: 'Mileage updated' };
    },
  });

  for (const path of ['/serviceItem', '/job-action/services'] as const) {
    defineRoute(app, s, {
      method: 'PUT',
      path,
      write: true,
      summary: 'Edit the services of a job {id, service[]}',
      body: servicesEditSchema.shape(fieldChangeShape),
      async handler(ctx) {
        const job = await jobOr404(ctx.tx, ctx.body.id, true);
        refuse(checkJobUpdate(job.status));
        const conflicts = await fieldConflicts(ctx, job, { service: ctx.body.service }, ctx.body.base);
        if (conflicts) return conflicts;
        await updateJob(
          ctx,
          job,
          { service: ctx.body.service },
          withDevice(`services: ${ctx.body.service.join(', ')}`, ctx.body.device),
        );
        return { value: true, message: 'Services updated' };
      },
    });
  }

  defineRoute(app, s, {
    method: 'POST',
    path: '/outstanding-services',
    summary: 'Services to pre-tick for a vehicle: open or canceled work from earlier visits, and mileage reminders',
    body: outstandingSchema,
    async handler({ body }) {
      const vin = normaliseVin(body.vin);
      const history = await db.select().from(jobs).where(eq(jobs.vin, vin)).orderBy(desc(jobs.created_at)).limit(50);
      const data = outstandingServices(history, body.mileage);
      return {
        value: data.length > 0,
        message: data.length ? `${data.length} outstanding service(s)` : 'No outstanding services',
        data,
      };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/bookings-fetch',
    summary: 'The jobs behind a dashboard tile {status}: active and received all time, complete and booked today',
    body: object({
      status: string()
        .required('Select a status')
        .oneOf(['active', 'received', 'complete', 'booked', 'canceled'], 'Select a status'),
    }),
    async handler({ body }) {
      const settings = await readSettings(db);
      const today = startOfShopDay(new Date(), settings.timeZone);
      const tomorrow = new Date(today.getTime() + 24 * 3600 * 1000);
      const where =
        body.status === 'complete'
          ? and(eq(jobs.status, 'complete'), gte(jobs.complete_at, today), lt(jobs.complete_at, tomorrow))
          : body.status === 'booked'
            ? and(eq(jobs.status, 'booked'), gte(jobs.book_start, today), lt(jobs.book_start, tomorrow))
            : eq(jobs.status, body.status);
      const rows = await db.select().from(jobs).where(where).orderBy(desc(jobs.created_at));
      return { value: true, data: rows };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/dash',
    summary: 'Dashboard tile counts: active (all time), received (all time), complete (today), booked (today)',
    async handler() {
      const settings = await readSettings(db);
      const today = startOfShopDay(new Date(), settings.timeZone);
      const tomorrow = new Date(today.getTime() + 24 * 3600 * 1000);
      const n = async (where: SQL | undefined) =>
        Number((await db.select({ n: count() }).from(jobs).where(where))[0].n);
      return {
        value: true,
        data: {
          active: await n(eq(jobs.status, 'active')),
          received: await n(eq(jobs.status, 'received')),
          complete: await n(
            and(eq(jobs.status, 'complete'), gte(jobs.complete_at, today), lt(jobs.complete_at, tomorrow)),
          ),
          booked: await n(and(eq(jobs.status, 'booked'), gte(jobs.book_start, today), lt(jobs.book_start, tomorrow))),
        },
      };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/bookings_',
    summary: 'Jobs, server-paged: per_page, page, orderBy, orderDirection, search → data.data, data.page, data.total',
    query: {
      ...pageQueryDoc(10),
      orderBy: {
        type: 'string',
        description: 'Column to sort by',
        enum: Object.keys(ORDERABLE),
        default: 'created_at',
      },
      orderDirection: { type: 'string', description: 'Sort direction', enum: ['asc', 'desc'], default: 'desc' },
      search: {
        type: 'string',
        description: 'Text found in registration, VIN, names, contact, email, job number or technician',
      },
    },
    async handler({ query }) {
      const { page, perPage, offset } = pageParams(query, 10);
      const column = ORDERABLE[(query.orderBy ?? 'created_at') as keyof typeof ORDERABLE] ?? jobs.created_at;
      const direction = String(query.orderDirection ?? 'desc').toLowerCase() === 'asc' ? asc : desc;
      const where = searchJobs(query.search ?? '');
      const [{ n }] = await db.select({ n: count() }).from(jobs).where(where);
      const rows = await db
        .select()
        .from(jobs)
        .where(where)
        .orderBy(direction(column), desc(jobs.id))
        .limit(perPage)
        .offset(offset);
      return { value: true, data: { data: rows, page, total: Number(n) } };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/bookings',
    summary: 'Every job (the all-at-once job table)',
    async handler() {
      return { value: true, data: await db.select().from(jobs).orderBy(desc(jobs.created_at)) };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/booking',
    summary: 'One job {id}',
    body: jobIdSchema,
    async handler({ body }) {
      const job = await jobOr404(db, body.id);
      return { value: true, data: job };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/booking-date',
    write: true,
    summary:
      "Book or move a booking {id, book_start, book_end} (ISO with an offset, or 'YYYY-MM-DD HH:mm' in the shop's time zone): dates in the future, start not after end; sets booked",
    body: makeBookingDateSchema(),
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id);
      refuse(checkJobUpdate(job.status));
      const { start, end } = await bookingOf(ctx.tx, ctx.body);
      await updateJob(
        ctx,
        job,
        { book_start: start, book_end: end, start, status: STATUS_AFTER_BOOKING },
        `booked for ${start.toISOString()}`,
      );
      return { value: true, message: 'Booking updated' };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/job-action/technician',
    write: true,
    summary: 'Assign a technician (a level-3 team member) {id, technician, detail}',
    body: technicianSchema.shape(fieldChangeShape),
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id, true);
      const name = ctx.body.technician;
      const conflicts = await fieldConflicts(ctx, job, { technician: name }, ctx.body.base);
      if (conflicts) return conflicts;
      const [tech] = name
        ? await ctx.tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.username, name), eq(users.permission, TECHNICIAN_LEVEL), eq(users.deleted, false)))
        : [];
      return storeJobPlan(ctx, job, planAssign(jobNow(job), name, !!tech, ctx.body.detail), ctx.body.device);
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/job-action/status',
    write: true,
    summary: "Change a job's status {id, status, detail} by the rules of SPEC §4",
    body: statusChangeSchema.shape(fieldChangeShape),
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id, true);
      // moved by someone else since the device read it: theirs stays, the person decides (issue 14)
      const conflicts = await fieldConflicts(ctx, job, { status: ctx.body.status }, ctx.body.base);
      if (conflicts) return conflicts;
      const by = {
        level: ctx.user.permission,
        hasInvoice: await hasInvoice(ctx.tx, job),
        now: new Date(),
        detail: ctx.body.detail,
      };
      return storeJobPlan(ctx, job, planStatusChange(jobNow(job), ctx.body.status, by), ctx.body.device);
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/job-action/cancel',
    write: true,
    summary: 'Cancel a job {id}',
    body: jobIdSchema,
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id);
      return storeJobPlan(ctx, job, planCancel(jobNow(job), ctx.user.permission));
    },
  });

  for (const [path, field] of [
    ['/job-action/comment', 'comment'],
    ['/job-action/service-note', 'service_note'],
  ] as const) {
    defineRoute(app, s, {
      method: 'PUT',
      path,
      write: true,
      summary: `Set the ${JOB_NOTES[field]} of a job {id, value}`,
      body: jobNoteSchema.shape(fieldChangeShape),
      async handler(ctx) {
        const job = await jobOr404(ctx.tx, ctx.body.id, true);
        const plan = planNote(jobNow(job), field, ctx.body.value);
        if (!plan.ok) throw badRequest(plan.message);
        const conflicts = await fieldConflicts(ctx, job, { [field]: ctx.body.value }, ctx.body.base);
        return conflicts ?? storeJobPlan(ctx, job, plan, ctx.body.device);
      },
    });
  }

  // --- service log ---------------------------------------------------------------------------------------------
  defineRoute(app, s, {
    method: 'GET',
    path: '/service-log/:jobId',
    summary: "A job's service log, oldest first",
    async handler({ params }) {
      const id = params.jobId ?? '';
      if (!isId(id)) throw notFound(fill(MSG.noRecordFound, { id }));
      const rows = await db
        .select()
        .from(serviceLog)
        .where(eq(serviceLog.job_id, id))
        .orderBy(asc(serviceLog.created_at));
      return { value: true, data: rows };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/service-log',
    write: true,
    summary: "Add to a job's service log {value, id (the job)}; devices send {id (the entry), job_id}",
    body: serviceLogSchema,
    async handler(ctx) {
      const jobId = ctx.body.job_id ?? ctx.body.id;
      const entryId = ctx.body.job_id ? ctx.body.id : (ctx.body.log_id ?? newId());
      const job = await jobOr404(ctx.tx, jobId);
      await ctx.tx
        .insert(serviceLog)
        .values({ id: entryId, job_id: job.id, message: ctx.body.value, username: ctx.user.username });
      ctx.changed('service_log', entryId);
      ctx.log(
        'service',
        `Job ${displayJobNumber(job.number)} (${job.registration})`,
        `log: ${ctx.body.value.slice(0, 80)}`,
      );
      return { value: true, message: 'Log added', id: entryId };
    },
  });

  defineRoute(app, s, {
    method: 'DELETE',
    path: '/service-log',
    write: true,
    summary: 'Delete a service-log entry {id}',
    body: jobIdSchema,
    async handler(ctx) {
      const [entry] = await ctx.tx.select().from(serviceLog).where(eq(serviceLog.id, ctx.body.id));
      if (!entry) throw notFound(fill(MSG.noRecordFound, { id: ctx.body.id }));
      await ctx.tx.delete(serviceLog).where(eq(serviceLog.id, entry.id));
      ctx.changed('service_log', entry.id, 'delete');
      ctx.log('service', 'Service log', `deleted "${entry.message.slice(0, 15)}"`);
      return { value: true, message: 'Log deleted' };
    },
  });
}
