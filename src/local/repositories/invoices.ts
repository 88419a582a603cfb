import Dexie from 'dexie';
import { newId } from '../../domain/ids';
import { shopSettings, type ShopSettings } from '../../domain/configSheet';
import { stockDeltas } from '../../domain/totals';
import { fill, MSG } from '../../domain/messages';
import type { InvoiceLine } from '../../domain/entities';
import { planNewInvoice, type NewInvoicePlan, type PlannedInvoice } from '../../domain/writes/invoices';
import {
  linesOf,
  openForEdit,
  planInvoiceDelete,
  planInvoiceEdit,
  planReturn,
  planStorage,
  type InvoiceChangePlan,
} from '../../domain/writes/invoiceEdits';
import { availableTo, checkLineStock, invoiceLine, sentLines } from '../../domain/writes/lines';
import {
  planDiscount,
  planPayment,
  planRedemption,
  planTransactionRemoval,
  type MoneyPlan,
  type Planned,
} from '../../domain/writes/money';
import { formatUSD } from '../../domain/money';
import type { BayBookDB, CustomerRow, InvoiceRow, JobRow, ProductRow, TransactionRow } from '../db';
import { LocalWriteError, localWrite, type WriteContext } from '../write';

/**
 * Invoices, product sales, payments, discounts, points, storage and item returns (SPEC §2 Invoice editor, Make Sale;
 * §4; §5 Invoice save and Payment; §7 Invoices and Payments). Money is integer cents.
 *
 * Money never merges silently (DESIGN.md): every money write carries the invoice `version` it was based on
 * (`base_version`), payments are append-only and the server re-checks them against the amount due when applied —
 * an offline payment larger than what is due after another device's payment comes back as a conflict.
 * Stock moves are deltas: two offline sales of the last unit both land and stock goes ≤ 0.
 */

export interface Line {
  id: string;
  title: string;
  description: string;
  /** cents */
  price: number;
  qty: number;
  /** units given back through Item Return */
  returned?: number;
}

export interface InvoiceForm {
  work_hour: number;
  /** cents per hour */
  rate_hour: number;
}

export type PaymentMethod = 'cash' | 'credit_card' | 'debit_card' | 'cheque' | 'online';

/** The shop's settings as this device knows them (the config sheet it pulled). */
async function settings(w: WriteContext): Promise<ShopSettings> {
  return shopSettings(await w.db.config.toArray());
}

/** A money plan refused on the device says what the server would say. */
function planned<P extends MoneyPlan>(plan: Planned<P>): P {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  return plan;
}

/** Stores a money plan on the device: the invoice's parts with the plan's figures, and the customer's points. */
async function storePlan(w: WriteContext, inv: InvoiceRow, plan: MoneyPlan): Promise<InvoiceRow> {
  const { total, discount, totals } = plan.figures;
  const row = await w.patch<InvoiceRow>('invoices', inv.id, {
    ...plan.invoice,
    total,
    discount,
    totals,
    updated_at: w.now,
    version: inv.version + 1,
  });
  await adjustPoints(w, inv.customer_id, plan.points);
  return row;
}

/**
 * The lines as this device prices them (src/domain/writes/lines.ts, the server's rule): from its product rows, or as
 * the invoice already held them, checked against the stock it sees. `send` is what the call carries: each line with
 * the stock this device saw (`stock_seen`), which the server applies the stock rule to (an offline sale of the last
 * unit still lands); the stored lines never carry it.
 */
async function priceLines(
  w: WriteContext,
  sent: readonly { id: string; qty: number }[],
  previous: readonly InvoiceLine[] = [],
) {
  const lines: InvoiceLine[] = [];
  const send: (InvoiceLine & { stock_seen?: number })[] = [];
  for (const l of sentLines(sent)) {
    const p = await w.get<ProductRow>('products', l.id);
    const before = previous.find((x) => x.id === l.id);
    // a product gone from this device keeps the line the invoice held (the server keeps a deleted product's line too)
    if (!p) {
      if (!before) throw new LocalWriteError(fill(MSG.noRecordFound, { id: l.id }));
      lines.push(invoiceLine(before, l.qty, before));
      send.push(invoiceLine(before, l.qty, before));
      continue;
    }
    const available = availableTo(p.stock, before);
    const c = checkLineStock(p.title, l.qty, available, !before);
    if (!c.ok) throw new LocalWriteError(c.message);
    const line = invoiceLine(p, l.qty, before);
    lines.push(line);
    send.push({ ...line, stock_seen: available });
  }
  return { lines, send };
}

/** Stock moves by the deltas a plan says (src/domain stockDeltas), as on the server. */
async function moveStock(w: WriteContext, deltas: readonly [string, number][]) {
  for (const [id, d] of deltas) {
    const p = await w.get<ProductRow>('products', id);
    if (p) await w.patch<ProductRow>('products', id, { stock: p.stock + d });
  }
}

/** Stores an invoice change as src/domain/writes/invoiceEdits.ts planned it: parts, figures, stock. */
async function storeChange(w: WriteContext, inv: InvoiceRow, plan: InvoiceChangePlan): Promise<InvoiceRow> {
  const { total, discount, totals } = plan.figures;
  const row = await w.patch<InvoiceRow>('invoices', inv.id, {
    ...plan.invoice,
    total,
    discount,
    totals,
    updated_at: w.now,
    version: inv.version + 1,
  });
  await moveStock(w, plan.stock.deltas);
  return row;
}

function planOk<P>(plan: ({ ok: true } & P) | { ok: false; message: string }): P {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  return plan;
}

async function mustGet(w: WriteContext, id: string): Promise<InvoiceRow> {
  const inv = await w.get<InvoiceRow>('invoices', id);
  if (!inv) throw new LocalWriteError(MSG.noRecordFound.replace('{id}', id));
  return inv;
}

export function invoicesRepository(db: BayBookDB) {
  const repo = {
    get: (id: string) => db.invoices.get(id),
    byNumber: (number: string) => db.invoices.where('number').equals(number).first(),
    forJob: (jobId: string) => db.invoices.where('request_id').equals(jobId).toArray(),
    /** every invoice of a vehicle (job invoices and product sales), newest first: the Service History PDF */
    forVin: (vin: string) => db.invoices.where('vin').equals(vin.trim().toUpperCase()).reverse().sortBy('created_at'),
    transactions: (invoiceId: string) => db.transactions.where('invoice_id').equals(invoiceId).sortBy('created_at'),
    /** SPEC §2 Invoices table filters: all, due (total > 0), paid (total ≤ 0) — newest first */
    async list(filter: 'all' | 'due' | 'paid' = 'all', { offset = 0, limit = 500 } = {}) {
      const coll = db.invoices.orderBy('created_at').reverse();
      const f = filter === 'all' ? coll : coll.filter((i) => (filter === 'due' ? i.total > 0 : i.total <= 0));
      return f.offset(offset).limit(limit).toArray();
    },
    /** Transactions between two instants (Transactions screen, 'Transactions Today' strip) */
    transactionsBetween: (fromIso: string, toIso: string) =>
      db.transactions.where('created_at').between(fromIso, toIso, true, false).toArray(),
    recentTransactions: (limit = 100) => db.transactions.orderBy('created_at').reverse().limit(limit).toArray(),
    /** the amount due (the `total` column, SPEC §3) */
    due: (inv: Pick<InvoiceRow, 'total'>) => inv.total,

    /** POST /invoice {fetchedData, formData, productInvoice, totals} — an invoice for a received or active job. */
    create(jobId: string, form: InvoiceForm, lines: Line[]): Promise<InvoiceRow> {
      return localWrite(db, async (w) => {
        const job = await w.get<JobRow>('jobs', jobId);
        if (!job) throw new LocalWriteError(MSG.noRecordFound.replace('{id}', jobId));
        const priced = await priceLines(w, lines);
        const plan = plannedInvoice(
          planNewInvoice({ type: 'service', job, form, lines: priced.lines, settings: await settings(w) }),
        );
        const inv = await makeInvoice(w, plan);
        await w.patch<JobRow>('jobs', jobId, { invoice: [...(job.invoice ?? []), inv.id], updated_at: w.now });
        await moveStock(w, [...stockDeltas([], priced.lines)]);
        await w.enqueue({
          method: 'POST',
          path: '/invoice',
          body: {
            data: {
              id: inv.id,
              number: inv.number,
              fetchedData: {
                id: job.id,
                vin: job.vin,
                registration: job.registration,
                first_name: job.first_name,
                last_name: job.last_name,
                contact: job.contact,
                email: job.email,
                mileage: job.mileage,
                service: job.service,
              },
              formData: form,
              productInvoice: priced.send,
              totals: plan.row.totals,
            },
          },
          creates: [inv.id],
          needs: [jobId],
          label: `Invoice ${inv.number} for job #${job.number}`,
        });
        return inv;
      });
    },

    /** POST /invoice-product — a product sale for a customer, or anonymous ('default', Quick Sale) */
    sale(customerId: string | null, lines: Line[]): Promise<InvoiceRow> {
      return localWrite(db, async (w) => {
        const form = { work_hour: 0, rate_hour: 0 };
        const customer = customerId ? await w.get<CustomerRow>('customers', customerId) : undefined;
        if (customerId && !customer) throw new LocalWriteError(MSG.customerNotFoundUpper);
        // the server's rules (POST /invoice-product): some products, and a blocked customer cannot buy
        const priced = await priceLines(w, lines);
        const plan = plannedInvoice(
          planNewInvoice({ type: 'product', customer, form, lines: priced.lines, settings: await settings(w) }),
        );
        const inv = await makeInvoice(w, plan);
        await moveStock(w, [...stockDeltas([], priced.lines)]);
        await w.enqueue({
          method: 'POST',
          path: '/invoice-product',
          body: {
            data: {
              id: inv.id,
              number: inv.number,
              fetchedData: customer
                ? {
                    id: customer.id,
                    vin: customer.vin,
                    registration: customer.registration,
                    first_name: customer.first_name,
                    last_name: customer.last_name,
                    contact: customer.contact,
                    email: customer.email,
                  }
                : 'default',
              formData: form,
              productInvoice: priced.send,
              totals: plan.row.totals,
              productInvoiceFlag: true,
            },
          },
          creates: [inv.id],
          needs: customerId ? [customerId] : [],
          label: `Sale ${inv.number}${customer ? ` for ${customer.first_name} ${customer.last_name}` : ''}`,
        });
        return inv;
      });
    },

    /** PUT /invoice-details {id, serviceRequest, formData, productInvoice, totals} (Save & Recal Charges), planned as on the server */
    edit(id: string, form: InvoiceForm, lines: Line[]): Promise<InvoiceRow> {
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, id);
        const open = planOk(openForEdit(inv, form));
        const priced = await priceLines(w, lines, linesOf(inv));
        const plan = planOk(planInvoiceEdit(inv, open.form, priced.lines, await settings(w)));
        const row = await storeChange(w, inv, plan);
        await w.enqueue({
          method: 'PUT',
          path: '/invoice-details',
          body: {
            data: {
              id,
              serviceRequest: inv.request_id,
              formData: open.form,
              productInvoice: priced.send,
              totals: plan.figures.totals,
              base_version: inv.version,
            },
          },
          label: `Edit invoice ${inv.number}`,
        });
        return row;
      });
    },

    /** POST /transaction {method, invoice_id, amount, vin}: append-only; planned as on the server (src/domain/writes/money.ts) */
    pay(invoiceId: string, method: PaymentMethod, amount: number): Promise<TransactionRow> {
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, invoiceId);
        const plan = planned(planPayment(inv, await settings(w), method, amount));
        const t = await appendTransaction(w, inv, plan.append, {
          path: '/transaction',
          label: `Payment of ${formatUSD(amount)} on ${inv.number}`,
        });
        await storePlan(w, inv, plan);
        return t;
      });
    },

    /** POST /discount {method, invoice_id, amount (percent), vin}: a percentage of labour plus products, once */
    discount(invoiceId: string, percent: number): Promise<InvoiceRow> {
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, invoiceId);
        const plan = planDiscount(inv, await settings(w), percent);
        if (plan === null) return inv;
        const ok = planned(plan);
        if (ok.append)
          await appendTransaction(w, inv, ok.append, {
            path: '/discount',
            label: `Discount ${percent}% on ${inv.number}`,
            send: { amount: percent },
          });
        return storePlan(w, inv, ok);
      });
    },

    /** POST /redemption {method, points, invoice_id, amount, vin}: points × the configured point value off the amount due */
    redeem(invoiceId: string, points: number): Promise<InvoiceRow> {
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, invoiceId);
        const customer = inv.customer_id ? await w.get<CustomerRow>('customers', inv.customer_id) : undefined;
        const plan = planned(planRedemption(inv, await settings(w), customer?.current_points, points));
        if (plan.append)
          await appendTransaction(w, inv, plan.append, {
            path: '/redemption',
            label: `${points} points on ${inv.number}`,
            send: { points },
          });
        return storePlan(w, inv, plan);
      });
    },

    /** PUT /invoice-storage-state/{id} {option, days}: days since the job was completed unless given (planned as on the server) */
    setStorage(invoiceId: string, on: boolean, days?: number): Promise<InvoiceRow> {
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, invoiceId);
        const job = inv.request_id ? await w.get<JobRow>('jobs', inv.request_id) : undefined;
        const plan = planOk(
          planStorage(inv, await settings(w), {
            on,
            days,
            completedAt: job?.complete_at,
            createdAt: inv.created_at,
            now: new Date(w.now),
          }),
        );
        const row = await storeChange(w, inv, plan);
        const option = on ? 'on' : 'off';
        await w.enqueue({
          method: 'PUT',
          path: `/invoice-storage-state/${invoiceId}`,
          body: { data: { option, days: on ? row.storage_days : undefined, base_version: inv.version } },
          label: `Storage ${option} for ${inv.number}`,
        });
        return row;
      });
    },

    /** POST /invoice-return {invoice_id, items: [{id, qty}], comment}: the returned units go back to stock (planned as on the server) */
    returnItems(invoiceId: string, items: { id: string; qty: number }[], comment: string): Promise<InvoiceRow> {
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, invoiceId);
        const row = await storeChange(w, inv, planOk(planReturn(inv, items, comment, await settings(w))));
        await w.enqueue({
          method: 'POST',
          path: '/invoice-return',
          body: { data: { invoice_id: invoiceId, items, comment, base_version: inv.version } },
          label: `Return on ${inv.number}`,
        });
        return row;
      });
    },

    /** DELETE /invoice {id}: only while an amount is due and nothing has been paid (SPEC §6), planned as on the server */
    remove(invoiceId: string): Promise<void> {
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, invoiceId);
        // the device keeps the discount and redemption rows it makes (writes/money.ts), so it reverses them as the server does
        const onIt = await w.db.transactions.where('invoice_id').equals(invoiceId).toArray();
        const job = inv.request_id ? await w.get<JobRow>('jobs', inv.request_id) : undefined;
        const plan = planOk(planInvoiceDelete(inv, onIt, job && { invoice: job.invoice ?? [] }));
        for (const id of plan.remove) await w.remove('transactions', id);
        await adjustPoints(w, inv.customer_id, plan.points);
        await moveStock(w, plan.stock.deltas);
        if (job && plan.jobInvoices)
          await w.patch<JobRow>('jobs', job.id, { invoice: plan.jobInvoices, updated_at: w.now });
        await w.remove('invoices', invoiceId);
        await w.enqueue({
          method: 'DELETE',
          path: '/invoice',
          body: { data: { id: invoiceId } },
          label: `Delete invoice ${inv.number}`,
        });
      });
    },

    /** DELETE /transaction (row) — level 5: a reversal, planned as on the server (docs/DECISIONS.md) */
    removeTransaction(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        const t = await w.get<TransactionRow>('transactions', id);
        if (!t) throw new LocalWriteError(MSG.notFound);
        const inv = await w.get<InvoiceRow>('invoices', t.invoice_id);
        if (inv) await storePlan(w, inv, planned(planTransactionRemoval(inv, await settings(w), t)));
        await w.remove('transactions', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/transaction',
          body: { data: { id } },
          label: `Delete transaction ${t.number}`,
        });
      });
    },

    /** invoices created between two instants (reports, paid/unpaid cards) */
    createdBetween: (fromIso: string, toIso: string) =>
      db.invoices.where('created_at').between(fromIso, toIso, true, false).toArray(),
    all: () => db.invoices.where('created_at').between(Dexie.minKey, Dexie.maxKey).reverse().toArray(),
  };
  return repo;
}

/** The invoice a plan describes, numbered from this device's series (the server stores the same row under that number). */
async function makeInvoice(w: WriteContext, plan: NewInvoicePlan): Promise<InvoiceRow> {
  const inv: InvoiceRow = {
    ...plan.row,
    totals: { ...plan.row.totals },
    id: newId(),
    number: await w.nextNumber('invoice'),
    created_by: w.session.username,
    created_at: w.now,
    updated_at: w.now,
    version: 1,
  };
  await w.put('invoices', inv);
  return inv;
}

function plannedInvoice(plan: PlannedInvoice): NewInvoicePlan {
  if (!plan.ok) throw new LocalWriteError(plan.message);
  return plan;
}

/**
 * Appends a plan's transaction row, numbered from this device's receipt series, and queues the call that makes the
 * same row (same id and number) on the server. `send` adds what the call carries beyond the row (a discount's
 * percentage in `amount`, a redemption's points).
 */
async function appendTransaction(
  w: WriteContext,
  inv: InvoiceRow,
  t: NonNullable<MoneyPlan['append']>,
  call: { path: string; label: string; send?: Record<string, unknown> },
): Promise<TransactionRow> {
  const id = newId();
  const number = await w.nextNumber('receipt');
  const row: TransactionRow = {
    id,
    number,
    amount: t.amount,
    method: t.method,
    invoice_id: inv.id,
    point: t.point,
    username: w.session.username,
    deleted: false,
    created_at: w.now,
    updated_at: w.now,
    version: 1,
  };
  await w.put('transactions', row);
  await w.enqueue({
    method: 'POST',
    path: call.path,
    body: {
      data: {
        id,
        number,
        method: t.method,
        invoice_id: inv.id,
        amount: t.amount,
        vin: inv.vin,
        base_version: inv.version,
        ...call.send,
      },
    },
    creates: [id],
    needs: [inv.id],
    label: call.label,
  });
  return row;
}

/** Loyalty points move with payments and redemptions, as on the server (never below zero). */
async function adjustPoints(w: WriteContext, customerId: string | null, delta: number) {
  if (!customerId || delta === 0) return;
  const c = await w.get<CustomerRow>('customers', customerId);
  if (c) await w.patch<CustomerRow>('customers', c.id, { current_points: Math.max(0, c.current_points + delta) });
}
