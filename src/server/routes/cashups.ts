import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cashupWindow } from '../../domain/cashup';
import { newId } from '../../domain/ids';
import { CASHUP_CALLS, planCashup } from '../../domain/writes/cashups';
import type { Tx } from '../db/client';
import { cashups, transactions } from '../db/schema';
import { orHttp } from '../http/plans';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';
import { API } from '../../domain/apiRoutes';

/** The day's payments, not reversed, and the cash-ups already made for it: what planCashup reads. */
async function dayRows(tx: Tx, day: string, tz: string) {
  const w = cashupWindow(day, tz);
  const [taken, made] = await Promise.all([
    tx
      .select()
      .from(transactions)
      .where(
        and(gte(transactions.created_at, w.from), lt(transactions.created_at, w.to), eq(transactions.deleted, false)),
      ),
    tx.select().from(cashups).where(eq(cashups.day, day)),
  ]);
  return { taken, made };
}

/**
 * The cash-up at closing (issue 18, level 5): POST /v3/cashup stores the day's record as src/domain/writes/cashups.ts
 * plans it from the server's own transactions — every device's payments, so a cash-up made offline is counted again
 * when it arrives —, GET /v3/cashups lists them, newest day first. One a day per till: the plan refuses a second
 * (409), and the unique index (day, till) refuses one that raced it.
 */
export function cashupsRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.cashups,
    summary: 'The cash-ups made, newest day first (?day=YYYY-MM-DD for one day)',
    query: { day: { type: 'string', description: 'One shop day, YYYY-MM-DD' } },
    async handler({ query }) {
      const rows = await s.db
        .select()
        .from(cashups)
        .where(query.day ? eq(cashups.day, query.day) : undefined)
        .orderBy(desc(cashups.day), desc(cashups.closed_at))
        .limit(400);
      return { value: true, data: rows };
    },
  });

  defineRoute(app, s, {
    call: CASHUP_CALLS.close,
    write: true,
    summary: 'Cash up a shop day {day, counted_cash (cents), note?, device?, closed_at?}',
    async handler({ tx, body, user, changed, log }) {
      const settings = await readSettings(tx);
      const { taken, made } = await dayRows(tx, body.day, settings.timeZone);
      const plan = orHttp(
        planCashup(body, {
          transactions: taken,
          made,
          scope: settings.cashupScope,
          timeZone: settings.timeZone,
          username: user.username,
          now: new Date(),
        }),
      );
      const id = body.id ?? newId();
      await tx.insert(cashups).values({ ...plan.row, id, closed_at: new Date(plan.row.closed_at) });
      changed('cashups', id);
      log('system', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message, id, data: plan.row };
    },
  });
}
