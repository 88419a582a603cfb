import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { displayInvoiceNumber } from '../../src/domain/jobs';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES } from '../helpers/server';
import { auditDb, drain, sharedInvoice, twoDevices } from './helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * Issue 14 for the storage switch and item returns, on a live server with two devices each with its own IndexedDB:
 * the bay switches storage or returns items offline while the front desk, online, changes the same invoice. Nothing
 * the bay did is refused as stale or lost: a switch the desk made since waits in the bay's list with both values, and
 * a return — money and stock — is never merged blindly: on an invoice changed since it waits for a person, and use
 * mine re-plans it against the invoice as it is then.
 */
describe.each(DATABASES)('two devices switch storage and return items on one invoice (%s)', (kind) => {
  const two = twoDevices(kind, 'sr', { desk: 4 });
  const { bay, front, meanwhile } = two;

  const shared = () => sharedInvoice(two, 'SR', 1);
  const decisionsOn = async (id: string) =>
    (await two.tablet.engine.conflicts.decisions()).filter((c) => c.field.id === id);
  const onServer = async (id: string) => (await auditDb(two.s)).invoices.get(id);
  const logOf = async (subject: string) =>
    (await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, subject))).map((l) => l.predicate);

  it('storage on twice with other days: a decision with both, use mine lands; the same switch twice is no conflict', async () => {
    const { inv } = await shared();
    await meanwhile(
      () => bay().invoices.setStorage(inv.id, true, 5),
      () => front().invoices.setStorage(inv.id, true, 7),
    );
    expect(await onServer(inv.id)).toMatchObject({ storage: 'on', storage_days: 7 });
    const [c, ...more] = atLeast(await decisionsOn(inv.id), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({
      field: 'storage',
      label: 'Storage charge',
      mine: 'on, 5 days',
      theirs: 'on, 7 days',
      by: two.deskUser,
      reason: 'changed',
    });
    expect(await two.tablet.db.conflicts.count()).toBe(1);
    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect(await onServer(inv.id)).toMatchObject({ storage: 'on', storage_days: 5 });
    expect(await logOf(c.field.record)).toContainEqual(
      'Storage charge conflict decided on a device: sent "on, 5 days" over "on, 7 days"',
    );

    // edit and send: days as typed; words that are neither days nor off are refused at once
    await drain(two.desk);
    await meanwhile(
      () => bay().invoices.setStorage(inv.id, true, 8),
      () => front().invoices.setStorage(inv.id, true, 9),
    );
    const typed = nth(await decisionsOn(inv.id), 0);
    await expect(two.tablet.engine.conflicts.decide(typed.id, 'edited', 'soon')).rejects.toThrow(/number of days/);
    await two.tablet.engine.conflicts.decide(typed.id, 'edited', '10');
    await drain(two.tablet);
    expect(await onServer(inv.id)).toMatchObject({ storage: 'on', storage_days: 10 });

    await drain(two.desk);
    await meanwhile(
      () => bay().invoices.setStorage(inv.id, false),
      () => front().invoices.setStorage(inv.id, false),
    );
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect(await onServer(inv.id)).toMatchObject({ storage: 'off', storage_days: 0 });
  });

  it('storage switched on an invoice paid since: it waits, use mine is refused at once, keep theirs decides', async () => {
    const { inv } = await shared();
    await meanwhile(
      () => bay().invoices.setStorage(inv.id, true, 3),
      () => front().invoices.pay(inv.id, 'cash', inv.total),
    );
    expect(await onServer(inv.id)).toMatchObject({ storage: 'off', total: 0 });
    const c = nth(await decisionsOn(inv.id), 0);
    expect(c.field).toMatchObject({ field: 'storage', mine: 'on, 3 days', theirs: 'off', reason: 'blocked' });
    await expect(two.tablet.engine.conflicts.decide(c.id, 'mine')).rejects.toThrow(/paid/i);
    await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect(await two.tablet.db.outbox.count()).toBe(0);
  });

  it('a return on an invoice changed since waits with both; use mine re-plans it on the new invoice, stock once', async () => {
    const { inv, a } = await shared();
    await meanwhile(
      () => bay().invoices.returnItems(inv.id, [{ id: a.id, qty: 1 }], 'wrong size'),
      () => front().invoices.edit(inv.id, { work_hour: 2, rate_hour: 5000 }, [{ ...a, qty: 3 }]),
    );
    // not merged: the desk's save stands, nothing came back to stock
    expect(await onServer(inv.id)).toMatchObject({ work_hour: 2, total: 10000 + 13500 });
    expect((await (await auditDb(two.s)).products.get(a.id))?.stock).toBe(17);
    const [c, ...more] = atLeast(await decisionsOn(inv.id), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({
      field: 'returned',
      label: 'Item return',
      mine: [{ id: a.id, qty: 1 }],
      theirs: [{ id: a.id, qty: 3 }],
      by: two.deskUser,
      reason: 'changed',
    });

    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect(await two.tablet.db.conflicts.toArray()).toEqual([]);
    const server = await onServer(inv.id);
    // one pad returned from the desk's three: 2 h × $50 + 2 × $45
    expect(server?.products.map((l) => [l.id, l.qty, l.returned])).toEqual([[a.id, 3, 1]]);
    expect(server?.total).toBe(10000 + 9000);
    expect((await (await auditDb(two.s)).products.get(a.id))?.stock).toBe(18);
    expect((await two.tablet.db.invoices.get(inv.id))?.total).toBe(server?.total);
    expect(await logOf(displayInvoiceNumber(inv.number))).toContainEqual(
      expect.stringMatching(/^items returned \(wrong size\)/),
    );
  });

  it('a return on an invoice paid since: it waits, use mine is refused, keep theirs drops it and is logged', async () => {
    const { inv, a } = await shared();
    await meanwhile(
      () => bay().invoices.returnItems(inv.id, [{ id: a.id, qty: 1 }], 'not needed'),
      () => front().invoices.pay(inv.id, 'cash', inv.total),
    );
    const c = nth(await decisionsOn(inv.id), 0);
    expect(c.field).toMatchObject({ field: 'returned', mine: [{ id: a.id, qty: 1 }], reason: 'blocked' });
    await expect(two.tablet.engine.conflicts.decide(c.id, 'mine')).rejects.toThrow();
    await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect((await (await auditDb(two.s)).products.get(a.id))?.stock).toBe(18);
    expect(await logOf(c.field.record)).toContainEqual(expect.stringMatching(/^Item return conflict decided/));
  });

  it('two returns on an invoice changed since: two decisions, neither replacing the other; each use mine lands', async () => {
    const { inv, a } = await shared();
    await meanwhile(
      async () => {
        await bay().invoices.returnItems(inv.id, [{ id: a.id, qty: 1 }], 'first');
        await bay().invoices.returnItems(inv.id, [{ id: a.id, qty: 1 }], 'second');
      },
      // the desk saves twice: the server's version is past both the bay's (a device's own offline versions count on)
      async () => {
        await front().invoices.edit(inv.id, { work_hour: 1, rate_hour: 5000 }, [{ ...a, qty: 3 }]);
        await front().invoices.edit(inv.id, { work_hour: 2, rate_hour: 5000 }, [{ ...a, qty: 3 }]);
      },
    );
    const waiting = await decisionsOn(inv.id);
    expect(waiting.map((c) => c.field.mine)).toEqual([[{ id: a.id, qty: 1 }], [{ id: a.id, qty: 1 }]]);
    for (const c of waiting) await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect(await two.tablet.db.conflicts.toArray()).toEqual([]);
    expect((await onServer(inv.id))?.products.map((l) => [l.qty, l.returned])).toEqual([[3, 2]]);
    expect((await (await auditDb(two.s)).products.get(a.id))?.stock).toBe(19);
  });

  it('a return on an invoice nobody changed lands at once', async () => {
    const { inv, a } = await shared();
    two.tablet.net.up = false;
    await bay().invoices.returnItems(inv.id, [{ id: a.id, qty: 2 }], 'wrong car');
    two.tablet.net.up = true;
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect((await onServer(inv.id))?.total).toBe(5000);
    expect((await (await auditDb(two.s)).products.get(a.id))?.stock).toBe(20);
  });
});
