import { MSG } from '../../domain/messages';
import { formatUSD } from '../../domain/money';
import { planDiscount, planPayment, planRedemption, planTransactionRemoval } from '../../domain/writes/money';
import type { BayBookDB, CustomerRow, InvoiceRow, TransactionRow } from '../db';
import { LocalWriteError, localWrite } from '../write';
import type { PaymentMethod } from './invoices';
import { appendTransaction, mustGet, planned, settings, storePlan } from './invoiceStore';

/**
 * The money writes on an invoice (SPEC §5 Payment; §9 chips): payments, discounts and points redemptions append a
 * transaction; a transaction's removal is a reversal. Each carries the invoice version it was based on.
 */
export function moneyWrites(db: BayBookDB) {
  return {
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
  };
}
