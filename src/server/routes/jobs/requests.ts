import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shopTimeZone } from '../../../domain/dates';
import { isId, newId } from '../../../domain/ids';
import { displayJobNumber, outstandingServices } from '../../../domain/jobs';
import { MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import { fromSpecCustomer, serviceCustomerSchema } from '../../../domain/schemas';
import { normaliseVin } from '../../../domain/vin';
import { JOB_CALLS, jobSubject, planMileage, planServices } from '../../../domain/writes/jobs';
import { REQUEST_CALLS, planJobRequest } from '../../../domain/writes/jobRequests';
import { orHttp } from '../../http/plans';
import { customers, jobs, services } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { defineRoute, type WriteCtx } from '../../http/route';
import type { AppServices } from '../../http/services';
import { validOrBadRequest } from '../../http/validate';
import { takeNumber } from '../../numbers';
import { readSettings } from '../../settings';
import { createCustomer } from '../customers';
import { bookingOf, fieldConflicts, jobNow, jobOr404, storeJobPlan } from './shared';
import { API } from '../../../domain/apiRoutes';

/**
 * The request's customer: by id, else by VIN, else made from the fields sent (a level-1 user checks in a new vehicle
 * this way, docs/DECISIONS.md); a blocked customer is refused by the plan.
 */
async function requestCustomer(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  body: { customer?: Record<string, unknown>; customer_id?: string },
) {
  const { tx } = ctx;
  const given = fromSpecCustomer(body.customer ?? {});
  const customerId = body.customer_id ?? (isId(given.id) ? (given.id as string) : undefined);
  let customer = customerId ? (await tx.select().from(customers).where(eq(customers.id, customerId)))[0] : undefined;
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
  return customer;
}

/** The service catalogue, making a service request, and editing a request's mileage and services. */
export function requestRoutes(app: FastifyInstance, s: AppServices) {
  catalogueRoutes(app, s);
  newRequestRoute(app, s);
  requestEditRoutes(app, s);
  outstandingRoute(app, s);
}

function catalogueRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;
  for (const call of [API.serviceList, API.services]) {
    defineRoute(app, s, {
      call,
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
}

function newRequestRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: REQUEST_CALLS.add,
    write: true,
    summary:
      "Make a service request {customer (id, or VIN/registration, or new customer fields), service[], mileage, book_start?, book_end?}; booking times are ISO with an offset or 'YYYY-MM-DD HH:mm' in the shop's time zone",
    async handler(ctx) {
      const { tx, body, user } = ctx;
      const customer = await requestCustomer(ctx, body);
      const booked = !!(body.book_start && body.book_end);
      if (booked && !can('request.book', user.permission)) throw forbidden(MSG.forbidden);
      const at = booked ? await bookingOf(tx, body) : null;
      const timeZone = shopTimeZone((await readSettings(tx)).timeZone);
      const booking = at && { start: at.start.toISOString(), end: at.end.toISOString(), timeZone };
      const { row, log } = orHttp(planJobRequest(customer, body, booking));
      const id = body.id ?? newId();
      const number = await takeNumber(tx, 'job', body.number);
      await tx.insert(jobs).values({
        ...row,
        ...(at
          ? { book_start: at.start, book_end: at.end, start: at.start }
          : { book_start: null, book_end: null, start: null }),
        id,
        number,
        created_by: user.username,
      });
      ctx.changed('jobs', id);
      ctx.log('service', jobSubject({ number, registration: row.registration }), log);
      return { message: `Service request ${displayJobNumber(number)} created`, value: true, id, number };
    },
  });
}

/** A job's mileage and services: field changes with their base (issue 14), planned by writes/jobs.ts. */
function requestEditRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: JOB_CALLS.mileage,
    write: true,
    summary: 'Edit a job row: mileage',
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id, true);
      const plan = planMileage(jobNow(job), ctx.body.mileage);
      if (!plan.ok) throw badRequest(plan.message);
      const conflicts = await fieldConflicts(ctx, job, { mileage: ctx.body.mileage }, ctx.body.base);
      return conflicts ?? storeJobPlan(ctx, job, plan, ctx.body.device);
    },
  });

  for (const call of [JOB_CALLS.serviceItem, JOB_CALLS.services]) {
    defineRoute(app, s, {
      call,
      write: true,
      summary: 'Edit the services of a job {id, service[]}',
      async handler(ctx) {
        const job = await jobOr404(ctx.tx, ctx.body.id, true);
        const plan = planServices(jobNow(job), ctx.body.service);
        if (!plan.ok) throw badRequest(plan.message);
        const conflicts = await fieldConflicts(ctx, job, { service: ctx.body.service }, ctx.body.base);
        return conflicts ?? storeJobPlan(ctx, job, plan, ctx.body.device);
      },
    });
  }
}

/** The services to pre-tick on a new request for a vehicle. */
function outstandingRoute(app: FastifyInstance, s: AppServices) {
  const { db } = s;
  defineRoute(app, s, {
    call: API.outstandingServices,
    summary: 'Services to pre-tick for a vehicle: open or canceled work from earlier visits, and mileage reminders',
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
}
