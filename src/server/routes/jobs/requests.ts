import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { string } from 'yup';
import { isId, newId } from '../../../domain/ids';
import { checkJobUpdate, displayJobNumber, outstandingServices } from '../../../domain/jobs';
import { MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import {
  fieldGroup,
  fromSpecCustomer,
  makeServiceRequestSchema,
  mileageEditSchema,
  outstandingSchema,
  serviceCustomerSchema,
  servicesEditSchema,
} from '../../../domain/schemas';
import { normaliseVin } from '../../../domain/vin';
import { fieldChangeShape, withDevice } from '../../../domain/fieldChanges';
import { customers, jobs, services } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { defineRoute, type WriteCtx } from '../../http/route';
import type { AppServices } from '../../http/services';
import { validOrBadRequest } from '../../http/validate';
import { takeNumber } from '../../numbers';
import { createCustomer } from '../customers';
import { bookingOf, fieldConflicts, jobOr404, refuse, updateJob } from './shared';

const serviceRequestPayload = makeServiceRequestSchema().shape({
  customer: fieldGroup('customer').optional(),
  type: string().oneOf(['service', 'product']).default('service'),
});

/**
 * The request's customer: by id, else by VIN, else made from the fields sent (a level-1 user checks in a new vehicle
 * this way, docs/DECISIONS.md); a blocked customer is refused.
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
  if (customer.active !== 1) throw badRequest(MSG.customerBlocked);
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
}

function newRequestRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    method: 'POST',
    path: '/service',
    write: true,
    summary:
      "Make a service request {customer (id, or VIN/registration, or new customer fields), service[], mileage, book_start?, book_end?}; booking times are ISO with an offset or 'YYYY-MM-DD HH:mm' in the shop's time zone",
    body: serviceRequestPayload,
    async handler(ctx) {
      const { tx, body, user } = ctx;
      const customer = await requestCustomer(ctx, body);
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
}

function requestEditRoutes(app: FastifyInstance, s: AppServices) {
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
}

/** The services to pre-tick on a new request for a vehicle. */
function outstandingRoute(app: FastifyInstance, s: AppServices) {
  const { db } = s;
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
}
