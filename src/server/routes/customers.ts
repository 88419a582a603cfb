import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isId, newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { type CustomerInput, fromSpecCustomer, registrationKey, toSpecCustomer } from '../../domain/schemas';
import { normaliseVin } from '../../domain/vin';
import { withDevice } from '../../domain/fieldChanges';
import {
  CUSTOMER_CALLS,
  customerMissing,
  planCustomerEdit,
  planCustomerStatus,
  planNewCustomer,
  type PlannedCustomerChange,
  type VinHolder,
} from '../../domain/writes/customers';
import type { Tx } from '../db/client';
import { customers } from '../db/schema';
import { notFound } from '../http/errors';
import { conflictAnswers } from '../http/conflicts';
import { orHttp, refused } from '../http/plans';
import { defineRoute, unwrap, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { API } from '../../domain/apiRoutes';

async function vinHolder(tx: Tx, vin: unknown): Promise<VinHolder> {
  if (typeof vin !== 'string') return undefined;
  const [twin] = await tx
    .select({ id: customers.id, first_name: customers.first_name, last_name: customers.last_name })
    .from(customers)
    .where(eq(customers.vin, normaliseVin(vin)));
  return twin;
}

/**
 * Creates a customer in the caller's transaction (Add Customer, and the service request's inline new customer) by
 * the catalogue's plan (src/domain/writes/customers.ts): one record per VIN.
 */
export async function createCustomer(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  input: CustomerInput & { id?: string },
) {
  const plan = orHttp(planNewCustomer(input, await vinHolder(ctx.tx, input.vin)));
  const id = input.id && isId(input.id) ? input.id : newId();
  const [row] = await ctx.tx
    .insert(customers)
    .values({ id, ...plan.row, registration_key: registrationKey(plan.row.registration) })
    .returning();
  ctx.changed('customers', id);
  ctx.log('service', plan.log.subject, plan.log.predicate);
  return row;
}

/** Stores a planned edit or block: only the columns that land (a concurrent edit of another field stays). */
async function storeCustomerChange(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  id: string,
  planned: PlannedCustomerChange,
  device: string | undefined,
) {
  const plan = orHttp(planned);
  if (plan.log) {
    const keys =
      typeof plan.set.registration === 'string' ? { registration_key: registrationKey(plan.set.registration) } : {};
    await ctx.tx
      .update(customers)
      .set({ ...plan.set, ...keys, updated_at: new Date(), version: sql`${customers.version} + 1` })
      .where(eq(customers.id, id));
    ctx.changed('customers', id);
    ctx.log('service', plan.log.subject, withDevice(plan.log.predicate, device));
  }
  const conflicts = await conflictAnswers(
    ctx.tx,
    { entity: 'customers', id, subject: plan.subject },
    plan.conflicts,
    // a customer blocked since: who blocked them is who changed it since, whichever field the edit was
    (f, line) =>
      plan.conflicts.some((c) => c.reason === 'blocked')
        ? /^blocked/.test(line)
        : line.includes(f) || (f === 'active' && /blocked/.test(line)),
  );
  return { value: true, message: plan.message, ...(conflicts.length ? { conflicts } : {}) };
}

/** Customers (SPEC §2 Customers): the list, the writes by the catalogue's plans, and the lookups. */
export function customersRoutes(app: FastifyInstance, s: AppServices) {
  customerList(app, s);
  customerWrites(app, s);
  customerLookups(app, s);
}

function customerList(app: FastifyInstance, s: AppServices) {
  const { db } = s;
  defineRoute(app, s, {
    call: API.customers,
    summary: 'Every customer, newest first (the Customers table filters, sorts and pages on the device)',
    async handler() {
      const rows = await db.select().from(customers).orderBy(desc(customers.created_at));
      return { value: true, data: rows };
    },
  });
}

/** Add Customer, the inline edit and the block: each a plan stored by createCustomer or storeCustomerChange. */
function customerWrites(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: CUSTOMER_CALLS.add,
    write: true,
    summary:
      "Add Customer: SPEC's form keys (VIN, Registration Number, First name, Last name, Contact number, Email); returns message, value, id",
    async handler(ctx) {
      const row = await createCustomer(ctx, ctx.body);
      return { message: MSG.customerSaved, value: true, id: row.id };
    },
  });

  defineRoute(app, s, {
    call: CUSTOMER_CALLS.edit,
    write: true,
    summary:
      'Inline edit of a customer {id, <changed fields>, base?: {<field>: value it was based on}, device?}: with base, a field lands only while nobody changed it since, else it is answered as a conflict (issue 14); without, the fields are merged as before',
    async handler(ctx) {
      const raw = fromSpecCustomer(unwrap(ctx.req.body) as Record<string, unknown>);
      const [current] = await ctx.tx.select().from(customers).where(eq(customers.id, ctx.body.id)).for('update');
      if (!current) refused(customerMissing(ctx.body.id));
      const twin = raw.vin !== undefined ? await vinHolder(ctx.tx, raw.vin) : undefined;
      const plan = planCustomerEdit(current, { changes: raw, base: ctx.body.base }, twin);
      return storeCustomerChange(ctx, ctx.body.id, plan, ctx.body.device);
    },
  });

  defineRoute(app, s, {
    call: CUSTOMER_CALLS.status,
    write: true,
    summary: 'Block (active 0) or unblock (active 1) a customer',
    async handler(ctx) {
      const { id, active, base, device } = ctx.body;
      const [current] = await ctx.tx.select().from(customers).where(eq(customers.id, id)).for('update');
      if (!current) refused(customerMissing(id));
      return storeCustomerChange(ctx, id, planCustomerStatus(current, { active, base }), device);
    },
  });
}

/** Finding a customer: by what the desk types, by VIN (the invoice screen), by id. */
function customerLookups(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.customerFetch,
    summary: 'Find customers by VIN, registration, contact number, customer id or name (3+ characters)',
    async handler({ body }) {
      const text = String(body);
      const key = registrationKey(text);
      const like = `${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      const conditions = [
        ilike(customers.vin, like),
        key ? ilike(customers.registration_key, `${key.replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined,
        ilike(customers.contact, like),
        ilike(customers.first_name, like),
        ilike(customers.last_name, like),
        isId(text) ? eq(customers.id, text) : undefined,
      ].filter((c) => c !== undefined);
      const rows = await db
        .select()
        .from(customers)
        .where(or(...conditions))
        .orderBy(desc(customers.updated_at))
        .limit(25);
      if (rows.length === 0) throw notFound(MSG.customerNotFoundUpper);
      return { value: true, message: `${rows.length} found`, data: rows.map(toSpecCustomer) };
    },
  });

  defineRoute(app, s, {
    call: API.customerProfile,
    summary: "A customer by VIN: data.data with current_points and discount (the invoice screen's points and discount)",
    async handler({ params }) {
      const vin = normaliseVin(params.vin ?? '');
      const [row] = await db.select().from(customers).where(eq(customers.vin, vin));
      if (!row) throw notFound(fill(MSG.noRecordFound, { id: vin }));
      return { value: true, data: { data: row } };
    },
  });

  defineRoute(app, s, {
    call: API.customerById,
    summary: 'A customer by id: data.data',
    async handler({ params }) {
      const id = params.id ?? '';
      const [row] = isId(id) ? await db.select().from(customers).where(eq(customers.id, id)) : [];
      if (!row) throw notFound(fill(MSG.noRecordFound, { id }));
      return { value: true, data: { data: row } };
    },
  });
}
