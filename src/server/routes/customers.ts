import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { object } from 'yup';
import { isId, newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import {
  customerEditSchema,
  type CustomerEditInput,
  customerSchema,
  customerStatusSchema,
  fromSpecCustomer,
  idField,
  lookupSchema,
  registrationKey,
  toSpecCustomer,
} from '../../domain/schemas';
import { normaliseVin } from '../../domain/vin';
import { decideFields, fieldChangeShape, withDevice } from '../../domain/fieldChanges';
import type { Tx } from '../db/client';
import { customers } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { conflictAnswers } from '../http/conflicts';
import { defineRoute, unwrap, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { validOrBadRequest } from '../http/validate';

/** SPEC's form keys ('VIN', 'Registration Number', …) or ours, both accepted. */
const newCustomerPayload = customerSchema.transform((v) =>
  v && typeof v === 'object' ? fromSpecCustomer(v as Record<string, unknown>) : v,
);

/**
 * Creates a customer in the caller's transaction (Add Customer, and the service request's inline new customer).
 * One record per VIN: a second customer with the same VIN is refused, naming the existing one.
 */
export async function createCustomer(
  ctx: Pick<WriteCtx<unknown>, 'tx' | 'changed' | 'log'>,
  input: {
    id?: string;
    vin: string;
    registration: string;
    first_name: string;
    last_name: string;
    contact: string;
    email?: string;
  },
) {
  const vin = normaliseVin(input.vin);
  const [twin] = await ctx.tx.select().from(customers).where(eq(customers.vin, vin));
  if (twin) throw conflict(fill(MSG.vinTaken, { name: `${twin.first_name} ${twin.last_name}` }), { id: twin.id });
  const id = input.id && isId(input.id) ? input.id : newId();
  const [row] = await ctx.tx
    .insert(customers)
    .values({
      id,
      vin,
      registration: input.registration.trim().toUpperCase(),
      registration_key: registrationKey(input.registration),
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      contact: input.contact,
      email: input.email ?? '',
    })
    .returning();
  ctx.changed('customers', id);
  ctx.log(
    'service',
    `Customer ${row.first_name} ${row.last_name}`,
    `registered with VIN ${row.vin}, registration ${row.registration}`,
  );
  return row;
}

/** The fields an inline edit may change (the edit schema's, but the row's id and version). */
const EDITABLE = Object.keys(customerEditSchema.fields).filter((f) => f !== 'id' && f !== 'version');

/** The columns of the edited fields, normalised as the table keeps them. */
function customerColumns(merged: CustomerEditInput, fields: string[]): Partial<typeof customers.$inferInsert> {
  const all: Partial<typeof customers.$inferInsert> = {
    vin: normaliseVin(merged.vin),
    registration: merged.registration.trim().toUpperCase(),
    first_name: merged.first_name,
    last_name: merged.last_name,
    contact: merged.contact,
    email: merged.email ?? '',
    note: merged.note ?? '',
    discount: merged.discount ?? 0,
  };
  const set = Object.fromEntries(Object.entries(all).filter(([k]) => fields.includes(k)));
  return fields.includes('registration') ? { ...set, registration_key: registrationKey(merged.registration) } : set;
}

export async function customerById(tx: Tx, id: string) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id));
  return row;
}

export function customersRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    method: 'GET',
    path: '/customers',
    summary: 'Every customer, newest first (the Customers table filters, sorts and pages on the device)',
    async handler() {
      const rows = await db.select().from(customers).orderBy(desc(customers.created_at));
      return { value: true, data: rows };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/customer',
    write: true,
    summary:
      "Add Customer: SPEC's form keys (VIN, Registration Number, First name, Last name, Contact number, Email); returns message, value, id",
    body: newCustomerPayload,
    async handler(ctx) {
      const row = await createCustomer(ctx, ctx.body);
      return { message: 'Customer saved', value: true, id: row.id };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/customer',
    write: true,
    summary:
      'Inline edit of a customer {id, <changed fields>, base?: {<field>: value it was based on}, device?}: with base, a field lands only while nobody changed it since, else it is answered as a conflict (issue 14); without, the fields are merged as before',
    body: object({ id: idField().required(MSG.invalidId), ...fieldChangeShape }).unknown(true),
    async handler(ctx) {
      const raw = fromSpecCustomer(unwrap(ctx.req.body) as Record<string, unknown>);
      const [current] = await ctx.tx.select().from(customers).where(eq(customers.id, ctx.body.id)).for('update');
      if (!current) throw notFound(fill(MSG.noRecordFound, { id: ctx.body.id }));
      const { base, device } = ctx.body;
      const edit = Object.fromEntries(EDITABLE.filter((f) => f in raw).map((f) => [f, raw[f]]));
      // blocked since the device read it: nothing of the edit lands, every field is the person's to decide
      const decided = base
        ? decideFields(current, { changes: edit, base }, base.active === 1 && current.active === 0)
        : { apply: edit, conflicts: [] };
      const merged = await validOrBadRequest(customerEditSchema, { ...current, ...decided.apply, id: current.id });
      const vin = normaliseVin(merged.vin);
      if (vin !== current.vin) {
        const [twin] = await ctx.tx
          .select({ id: customers.id, first_name: customers.first_name, last_name: customers.last_name })
          .from(customers)
          .where(eq(customers.vin, vin));
        if (twin) throw conflict(fill(MSG.vinTaken, { name: `${twin.first_name} ${twin.last_name}` }));
      }
      // only the fields that land are written: a concurrent edit of another field stays
      const fields = Object.keys(decided.apply);
      if (fields.length > 0) {
        await ctx.tx
          .update(customers)
          .set({ ...customerColumns(merged, fields), updated_at: new Date(), version: sql`${customers.version} + 1` })
          .where(eq(customers.id, current.id));
        ctx.changed('customers', current.id);
        ctx.log(
          'service',
          `Customer ${merged.first_name} ${merged.last_name}`,
          withDevice(`edited ${fields.join(', ')}`, device),
        );
      }
      const subject = `Customer ${current.first_name} ${current.last_name}`;
      const conflicts = await conflictAnswers(
        ctx.tx,
        { entity: 'customers', id: current.id, subject },
        decided.conflicts,
        (f, line) => line.includes(f),
      );
      return {
        value: true,
        message: conflicts.length ? fill(MSG.fieldConflicts, { count: conflicts.length }) : 'Customer updated',
        ...(conflicts.length ? { conflicts } : {}),
      };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/customer-status',
    write: true,
    summary: 'Block (active 0) or unblock (active 1) a customer',
    body: customerStatusSchema,
    async handler({ tx, body, changed, log }) {
      const current = await customerById(tx, body.id);
      if (!current) throw notFound(fill(MSG.noRecordFound, { id: body.id }));
      await tx
        .update(customers)
        .set({ active: body.active, updated_at: new Date(), version: sql`${customers.version} + 1` })
        .where(eq(customers.id, body.id));
      changed('customers', body.id);
      log('service', `Customer ${current.first_name} ${current.last_name}`, body.active ? 'unblocked' : 'blocked');
      return { value: true, message: body.active ? 'Customer unblocked' : 'Customer blocked' };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/customer-fetch',
    summary: 'Find customers by VIN, registration, contact number, customer id or name (3+ characters)',
    body: lookupSchema,
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
    method: 'GET',
    path: '/customerProfile/:vin',
    summary: "A customer by VIN: data.data with current_points and discount (the invoice screen's points and discount)",
    async handler({ params }) {
      const vin = normaliseVin(params.vin ?? '');
      const [row] = await db.select().from(customers).where(eq(customers.vin, vin));
      if (!row) throw notFound(fill(MSG.noRecordFound, { id: vin }));
      return { value: true, data: { data: row } };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/customerByID/:id',
    summary: 'A customer by id: data.data',
    async handler({ params }) {
      const id = params.id ?? '';
      const [row] = isId(id)
        ? await db
            .select()
            .from(customers)
            .where(and(eq(customers.id, id)))
        : [];
      if (!row) throw notFound(fill(MSG.noRecordFound, { id }));
      return { value: true, data: { data: row } };
    },
  });
}
