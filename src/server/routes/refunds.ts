import type { FastifyInstance } from 'fastify';
import { REFUND_CALLS, planRefund, type RefundPlan } from '../../domain/writes/refunds';
import { defineRoute, type WriteCtx } from '../http/route';
import type { AppServices } from '../http/services';
import { adjustPoints, invoiceOr404, writeInvoice, type InvoiceRow } from '../invoices/ledger';
import { record, refundedOn, refuse } from '../invoices/moneyStore';
import { moveStock } from '../inventory/stock';
import { readSettings } from '../settings';

/**
 * A refund after payment (issue 18): planned by src/domain/writes/refunds.ts, as the device plans it offline; this
 * stores it in the route's one transaction under the invoice's lock — the refund row (the device's id and receipt
 * number, the reason and how the money went back), the returned lines and their stock, the points taken back, the log. A replay of the same Idempotency-Key
 * gets the first answer (http/idempotency.ts), so an offline refund lands once.
 */
async function storeRefund(
  ctx: WriteCtx<unknown>,
  inv: InvoiceRow,
  plan: RefundPlan,
  row: { id?: string; number?: string },
) {
  if (plan.invoice) await writeInvoice(ctx, inv, plan.invoice, plan.figures);
  for (const [productId, delta] of plan.stock.deltas)
    await moveStock(ctx, productId, delta, plan.stock.reason, plan.log.subject);
  const t = await record(ctx, inv, { ...row, ...plan.append });
  await adjustPoints(ctx, inv.customer_id, plan.points);
  ctx.log('service', plan.log.subject, plan.log.predicate);
  return t;
}

export function refundRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: REFUND_CALLS.refund,
    write: true,
    summary:
      'Refund on a paid invoice {invoice_id, amount (cents), reason, refund_method (how the money went back: cash, debit_card, credit_card, online, cheque; cash if left out), items [{id, qty}]}: a negative transaction keeping the reason and method, at most what was paid less what was refunded; items back in stock, points taken back',
    async handler(ctx) {
      const { body } = ctx;
      const inv = await invoiceOr404(ctx.tx, body.invoice_id, true);
      const refunded = await refundedOn(ctx.tx, inv.id);
      const plan = await refuse(ctx.tx, inv, planRefund(inv, await readSettings(ctx.tx), refunded, body));
      const t = await storeRefund(ctx, inv, plan, { id: body.id, number: body.number });
      return {
        value: true,
        message: plan.message,
        data: { transaction_id: t.id, number: t.number, refunded: plan.refunded },
      };
    },
  });
}
