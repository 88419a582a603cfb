import type { PaymentMethod } from '../../domain/entities';
import { formatUSD } from '../../domain/money';
import {
  MONEY_CALLS,
  planDiscount,
  planPayment,
  planRedemption,
  planTransactionRemoval,
} from '../../domain/writes/money';
import { missing } from '../../domain/writes/calls';
import { callOf, checkedCall } from '../calls';
import type { BayBookDB, InvoiceRow, TransactionRow } from '../db';
import { LocalWriteError, localWrite } from '../write';
import { appendTransaction, mustGet, planned, settings, storePlan } from './invoiceStore';
import { refundWrites, refundedOn } from './refunds';

/**
 * The money writes on an invoice (SPEC §5 Payment; §9 chips): payments, discounts and points redemptions append a
 * transaction; a transaction's removal is a reversal. Each is its catalogue call (src/domain/writes/money.ts
 * MONEY_CALLS), checked as the server checks it, planned as the server plans it, and carries the invoice version it
 * was based on. A refund (issue 18) is its own write, in refunds.ts.
 */
export function moneyWrites(db: BayBookDB) {
  return {
    /** POST /transaction {method, invoice_id, amount, vin}: append-only */
    async pay(invoiceId: string, method: PaymentMethod, amount: number): Promise<TransactionRow> {
      const v = await checkedCall(db, MONEY_CALLS.pay, { invoice_id: invoiceId, method, amount });
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, v.invoice_id);
        const plan = planned(planPayment(inv, await settings(w), v.method as PaymentMethod, v.amount));
        const label = `Payment of ${formatUSD(v.amount)} on ${inv.number}`;
        const t = await appendTransaction(w, inv, plan.append, { call: MONEY_CALLS.pay, data: v, label });
        await storePlan(w, inv, plan);
        return t;
      });
    },

    /** POST /discount {method, invoice_id, amount (percent), vin}: a percentage of labour plus products, once */
    async discount(invoiceId: string, percent: number): Promise<InvoiceRow> {
      const v = await checkedCall(db, MONEY_CALLS.discount, { invoice_id: invoiceId, amount: percent });
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, v.invoice_id);
        const plan = planDiscount(inv, await settings(w), v.amount);
        if (plan === null) return inv;
        const ok = planned(plan);
        const label = `Discount ${v.amount}% on ${inv.number}`;
        if (ok.append) await appendTransaction(w, inv, ok.append, { call: MONEY_CALLS.discount, data: v, label });
        return storePlan(w, inv, ok);
      });
    },

    /** POST /redemption {method, points, invoice_id, vin}: points × the configured point value off the amount due */
    async redeem(invoiceId: string, points: number): Promise<InvoiceRow> {
      const v = await checkedCall(db, MONEY_CALLS.redeem, { invoice_id: invoiceId, points });
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, v.invoice_id);
        const customer = inv.customer_id ? await w.get('customers', inv.customer_id) : undefined;
        const plan = planned(planRedemption(inv, await settings(w), customer?.current_points, v.points));
        const label = `${v.points} points on ${inv.number}`;
        if (plan.append) await appendTransaction(w, inv, plan.append, { call: MONEY_CALLS.redeem, data: v, label });
        return storePlan(w, inv, plan);
      });
    },

    /** DELETE /transaction {id} — level 5: a reversal, planned as on the server (docs/DECISIONS.md) */
    async removeTransaction(id: string): Promise<void> {
      const v = await checkedCall(db, MONEY_CALLS.removeTransaction, { id });
      return localWrite(db, async (w) => {
        const t = await w.get('transactions', v.id);
        if (!t || t.deleted) throw new LocalWriteError(missing(v.id).message);
        const inv = await w.get('invoices', t.invoice_id);
        const refunded = inv ? await refundedOn(w, inv.id) : 0;
        if (inv) await storePlan(w, inv, planned(planTransactionRemoval(inv, await settings(w), t, refunded)));
        await w.remove('transactions', v.id);
        await w.enqueue({ ...callOf(MONEY_CALLS.removeTransaction, v), label: `Delete transaction ${t.number}` });
      });
    },

    ...refundWrites(db),
  };
}
