import { shopDay } from '../../domain/dates';
import {
  dashReport,
  salesOf,
  shopToday,
  transactionSummary,
  type DashReport,
  type TransactionSummary,
} from '../../domain/reports';
import type { BayBookDB } from '../db';
import { DASH_KEPT, dashCounterKey, readCounters, shopTimeZone, stillCounting } from '../rows';

export interface FinanceToday {
  report: DashReport;
  methods: TransactionSummary;
  /** a first sync is still bringing invoices and transactions: the figures are not the shop's yet */
  counting: boolean;
}

/**
 * The Dashboard's finance tiles (SPEC §2, §6) for the shop's today, reading only what they show: Labour, Products
 * and Discounts from the counters every invoice write keeps per shop day (src/local/rows.ts), Sales and the
 * Transactions Today strip from today's transactions (their created_at index); `counting` while a first sync is still
 * bringing the rows they sum. A device whose counters are not kept yet (invoices stored before they were; its next
 * pull builds them) sums every invoice by the same rule, as before.
 */
export function financeRepository(db: BayBookDB) {
  return {
    async today(now = new Date()): Promise<FinanceToday> {
      const tz = await shopTimeZone(db);
      const today = shopToday(now, tz);
      const [transactions, kept, counting] = await Promise.all([
        db.transactions
          .where('created_at')
          .between(today.from.toISOString(), today.to.toISOString(), true, false)
          .toArray(),
        db.counters.get(DASH_KEPT),
        stillCounting(db),
      ]);
      const methods = transactionSummary(transactions, today);
      if (!kept) return { report: dashReport(await db.invoices.toArray(), transactions, today), methods, counting };
      const day = shopDay(now, tz);
      const [labour, products, discounts] = await readCounters(db, [
        dashCounterKey('labour', day),
        dashCounterKey('products', day),
        dashCounterKey('discounts', day),
      ]);
      return {
        report: {
          labour,
          products,
          discounts,
          sales: salesOf(transactions, today),
        },
        methods,
        counting,
      };
    },
  };
}
