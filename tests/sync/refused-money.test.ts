import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, formatShop } from '../../src/domain/dates';
import { MSG, fill } from '../../src/domain/messages';
import { getMeta } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { sysLog, transactions } from '../../src/server/db/schema';
import { discardConflict } from '../../src/sync/discard';
import { DATABASES } from '../helpers/server';
import { customerForm, drain, twoDevices } from './helpers';
import { nth } from '../helpers/present';

/**
 * Issue 14's money story on one live server, two devices each with its own IndexedDB: the front desk (online)
 * settles an invoice; the tablet in the bay, offline, takes $40 cash for it. On reconnect the server refuses the $40
 * and says why with facts (who settled it, when, on which device); the tablet words them in the shop's time and keeps
 * the refusal until a person discards it with a reason, and that discard — reason included — is in the activity log.
 */
describe.each(DATABASES)('refused money is told and kept (%s)', (kind) => {
  const two = twoDevices(kind, 'rm', { desk: 5 });

  it('the $40 is refused in words, kept until discarded with a reason, and the discard is logged', async () => {
    const t = createRepositories(two.tablet.db);
    const cid = await t.customers.add(customerForm('RM 40'));
    const job = await t.jobs.create({ customer: (await t.customers.get(cid))!, service: ['Oil change'], mileage: 10 });
    const inv = await t.invoices.create(job.id, { work_hour: 1, rate_hour: 9000 }, []);
    await drain(two.tablet);
    await drain(two.desk);

    // the desk settles the invoice online; the tablet, offline, takes $40 cash for it
    two.tablet.net.up = false;
    await createRepositories(two.desk.db).invoices.pay(inv.id, 'cash', inv.total);
    await drain(two.desk);
    await t.invoices.pay(inv.id, 'cash', 4000);
    two.tablet.net.up = true;
    await drain(two.tablet);

    const settled = nth(
      await two.s.database.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.invoice_id, inv.id), eq(transactions.username, two.deskUser))),
      0,
    );
    const deskCode = await getMeta<string>(two.desk.db, 'deviceCode', '');
    expect(settled.number.startsWith(`${deskCode}-`)).toBe(true);
    const when = formatShop(settled.created_at, DEFAULT_TIME_ZONE, 'MMM d, h:mm a');
    const reason = `INV ${inv.number} was paid in full on device ${deskCode} by ${two.deskUser} at ${when} — your $40.00 cash payment was not recorded.`;

    const c = nth(await two.tablet.engine.conflicts.list(), 0);
    expect(c).toMatchObject({
      what: `Cash payment of $40.00 on INV ${inv.number}`,
      record: `INV ${inv.number} · Ann Lee`,
      reason,
      advice: fill(MSG.refusedAdvicePayment, { amount: '$40.00' }),
      message: MSG.invalidPayment,
      money: true,
    });
    // the server's payment stands, and nothing of the $40 reached it
    const paid = await two.s.database.db.select().from(transactions).where(eq(transactions.invoice_id, inv.id));
    expect(paid.map((p) => p.amount)).toEqual([inv.total]);

    // kept through further syncs; money is never dropped without a reason
    await drain(two.tablet);
    expect((await two.tablet.engine.conflicts.list()).map((x) => x.id)).toEqual([c.id]);
    await expect(discardConflict(two.tablet.db, c.id, '  ')).rejects.toThrow(MSG.discardReasonRequired);
    expect(await two.tablet.engine.conflicts.list()).toHaveLength(1);

    await discardConflict(two.tablet.db, c.id, 'Gave the $40 back to the customer');
    expect(await two.tablet.engine.conflicts.list()).toEqual([]);
    await drain(two.tablet);
    const [kept] = await two.tablet.engine.conflicts.discarded();
    expect(kept).toMatchObject({
      id: c.id,
      logged: true,
      discarded: { by: 'admin', reason: 'Gave the $40 back to the customer' },
    });

    const lines = await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, c.what));
    expect(lines).toMatchObject([
      {
        category: 'service',
        username: 'admin',
        predicate: fill(MSG.discardedLogReason, { message: reason, reason: 'Gave the $40 back to the customer' }),
      },
    ]);
    // every device sees the line in its activity log, and nothing waits for a decision any more
    await drain(two.desk);
    expect((await two.desk.db.sys_log.toArray()).some((l) => l.subject === c.what)).toBe(true);
    await two.tablet.engine.refreshStatus();
    expect(two.tablet.engine.status.get().conflicts).toBe(0);
  });
});
