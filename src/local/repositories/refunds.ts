import type { PaymentMethod } from '../../domain/entities';
import { formatUSD } from '../../domain/money';
import { removalRefusal } from '../../domain/writes/money';
import { REFUND_CALLS, planRefund, refundedOf } from '../../domain/writes/refunds';
import { checkedCall } from '../calls';
import type { BayBookDB, TransactionRow } from '../db';
import { localWrite, type WriteContext } from '../write';
import { adjustPoints, appendTransaction, moveStock, mustGet, planOk, settings } from './invoiceStore';

/** What has been refunded on the invoice, as this device holds its transactions (a refunding level holds them all). */
export const refundedOn = async (w: WriteContext, invoiceId: string) =>
  refundedOf(await w.db.transactions.where('invoice_id').equals(invoiceId).toArray());

/** The refund write (issue 18), one of the invoice's money writes (invoiceMoney.ts). */
export function refundWrites(db: BayBookDB) {
  return {
    /**
     * Why a transaction stays on its invoice (a refund, or a payment a refund stands on: domain removalRefusal), or
     * null when it may be removed — the Transactions screen's Delete is off with this reason shown.
     */
    async whyKept(t: Pick<TransactionRow, 'invoice_id' | 'method' | 'amount'>): Promise<string | null> {
      const inv = await db.invoices.get(t.invoice_id);
      if (!inv) return null;
      return removalRefusal(inv, t, refundedOf(await db.transactions.where('invoice_id').equals(inv.id).toArray()));
    },

    /**
     * POST /v3/refund {invoice_id, amount, reason, items} — level 5 (issue 18): a negative transaction on a paid
     * invoice, the items back in stock, the points taken back; planned as on the server (src/domain/writes/refunds.ts).
     */
    async refund(
      invoiceId: string,
      ask: { amount: number; reason: string; refund_method?: PaymentMethod; items?: { id: string; qty: number }[] },
    ): Promise<TransactionRow> {
      const v = await checkedCall(db, REFUND_CALLS.refund, { invoice_id: invoiceId, ...ask });
      return localWrite(db, async (w) => {
        const inv = await mustGet(w, v.invoice_id);
        const plan = planOk(planRefund(inv, await settings(w), await refundedOn(w, inv.id), v));
        if (plan.invoice)
          await w.patch('invoices', inv.id, {
            ...plan.invoice,
            total: plan.figures.total,
            discount: plan.figures.discount,
            totals: plan.figures.totals,
            updated_at: w.now,
            version: inv.version + 1,
          });
        await moveStock(w, plan.stock.deltas);
        const label = `Refund of ${formatUSD(v.amount)} on ${inv.number}`;
        const t = await appendTransaction(w, inv, plan.append, { call: REFUND_CALLS.refund, data: v, label });
        await adjustPoints(w, inv.customer_id, plan.points);
        return t;
      });
    },
  };
}
