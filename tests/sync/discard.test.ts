import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../src/domain/messages';
import { createRepositories } from '../../src/local/repositories';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { customerForm, drain, onlineDevice } from './helpers';

/**
 * Issue 14 on a live server: a tablet takes a $40 cash payment offline for an invoice the desk has already settled.
 * The server refuses it; the cashier discards it; the discard is kept on the tablet and written to the activity log.
 */
describe('a refused payment that is discarded leaves a trace', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(DATABASES[0]);
  });
  afterAll(() => s?.close());

  it("the tablet keeps it as discarded and the server logs it, by who, with the server's words", async () => {
    const tablet = await onlineDevice(s, 'discard-tablet');
    const desk = await onlineDevice(s, 'discard-desk');
    const t = createRepositories(tablet.db);
    const cid = await t.customers.add(customerForm('DSC 40'));
    const job = await t.jobs.create({ customer: (await t.customers.get(cid))!, service: ['Oil change'], mileage: 10 });
    const inv = await t.invoices.create(job.id, { work_hour: 1, rate_hour: 9000 }, []);
    await drain(tablet);

    // the desk settles the invoice while the tablet is offline and takes $40 cash for it
    await drain(desk);
    await createRepositories(desk.db).invoices.pay(inv.id, 'cash', inv.total);
    await drain(desk);
    tablet.net.up = false;
    await t.invoices.pay(inv.id, 'cash', 4000);
    tablet.net.up = true;
    await drain(tablet);

    const [c] = await tablet.engine.conflicts.list();
    expect(c).toMatchObject({
      what: `Cash payment of $40.00 on INV ${inv.number}`,
      record: `INV ${inv.number} · Ann Lee`,
      money: true,
    });
    expect(c.message).toBe(MSG.invalidPayment);

    await tablet.engine.conflicts.discard(c.id);
    expect(await tablet.engine.conflicts.list()).toEqual([]);
    await drain(tablet);
    const [kept] = await tablet.engine.conflicts.discarded();
    expect(kept).toMatchObject({ id: c.id, logged: true, discarded: { by: 'admin' } });

    const subject = `Cash payment of $40.00 on INV ${inv.number}`;
    const lines = await s.database.db.select().from(sysLog).where(eq(sysLog.subject, subject));
    expect(lines).toMatchObject([
      {
        category: 'service',
        username: 'admin',
        predicate: `discarded on a device after the server refused it: ${MSG.invalidPayment}`,
      },
    ]);
    // and every device sees the line in its activity log
    await drain(desk);
    expect((await desk.db.sys_log.toArray()).some((l) => l.subject === subject)).toBe(true);
    expect(tablet.engine.status.get().conflicts).toBe(0);
  });
});
