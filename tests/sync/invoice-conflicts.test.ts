import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getMeta } from '../../src/local/db';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES } from '../helpers/server';
import { auditDb, drain, sharedInvoice, twoDevices } from './helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * Issue 14 for invoices and estimates, on a live server with two devices each with its own IndexedDB: the bay saves
 * an invoice or an estimate offline while the front desk, online, saves the same one. A save names only the fields
 * the person changed (work hours, rate, lines; an estimate's customer details and services too), each with the value
 * it was based on: different fields both land, the same field is the desk's and waits in the bay's list with both
 * values — never a whole save refused as stale.
 */
describe.each(DATABASES)('two devices save one invoice or estimate (%s)', (kind) => {
  const two = twoDevices(kind, 'ic', { desk: 4 });

  const { bay, front, meanwhile } = two;

  const shared = () => sharedInvoice(two, 'IC');

  /** An estimate for `hours` h at $50 and Brakes, made on the bay and pulled by both. */
  async function sharedEstimate(first_name: string, last_name: string, hours: number) {
    const profile = { first_name, last_name, contact: '', email: '' };
    const form = { work_hour: hours, rate_hour: 5000 };
    const est = await bay().estimates.create(profile, form, [], ['Brakes']);
    await drain(two.tablet);
    await drain(two.desk);
    return { profile, form, est };
  }
  const decisionsOn = async (id: string) =>
    (await two.tablet.engine.conflicts.decisions()).filter((c) => c.field.id === id);

  it('the bay changes the work hours, the desk adds a line: both land and the figures are the server’s', async () => {
    const { inv, a, b } = await shared();
    await meanwhile(
      () => bay().invoices.edit(inv.id, { work_hour: 3, rate_hour: 5000 }, [{ ...a, qty: 2 }]),
      () =>
        front().invoices.edit(inv.id, { work_hour: 2, rate_hour: 5000 }, [
          { ...a, qty: 2 },
          { ...b, qty: 1 },
        ]),
    );
    const server = await (await auditDb(two.s)).invoices.get(inv.id);
    expect(server?.work_hour).toBe(3);
    expect(server?.products.map((l) => [l.id, l.qty])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    // 3 h × $50 + 2 × $45 + $12.50
    expect(server?.total).toBe(15000 + 9000 + 1250);
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect((await two.tablet.db.invoices.get(inv.id))?.total).toBe(server?.total);
    // the desk's line took one disc from stock, once
    expect((await (await auditDb(two.s)).products.get(b.id))?.stock).toBe(19);
  });

  it('both change the work hours: the desk’s stays, the bay decides, and use mine lands re-figured', async () => {
    const { inv, a } = await shared();
    await meanwhile(
      () => bay().invoices.edit(inv.id, { work_hour: 4, rate_hour: 5000 }, [{ ...a, qty: 2 }]),
      () => front().invoices.edit(inv.id, { work_hour: 1, rate_hour: 6000 }, [{ ...a, qty: 2 }]),
    );
    expect(await (await auditDb(two.s)).invoices.get(inv.id)).toMatchObject({ work_hour: 1, rate_hour: 6000 });
    const [c, ...more] = atLeast(await decisionsOn(inv.id), 1);
    expect(more).toEqual([]);
    const deskCode = await getMeta<string>(two.desk.db, 'deviceCode', '');
    expect(c.field).toMatchObject({
      entity: 'invoices',
      field: 'work_hour',
      label: 'Work hours',
      mine: 4,
      theirs: 1,
      by: two.deskUser,
      device: deskCode,
      reason: 'changed',
    });
    expect(c.field.record).toBe(`Invoice INV ${inv.number}`);
    // nothing refused: the save is not in the refused list
    expect(await two.tablet.db.conflicts.count()).toBe(1);

    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    // 4 h at the desk's $60, and two pads at $45
    expect(await (await auditDb(two.s)).invoices.get(inv.id)).toMatchObject({
      work_hour: 4,
      rate_hour: 6000,
      total: 24000 + 9000,
    });
    const lines = await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, c.field.record));
    expect(lines.map((l) => l.predicate)).toContainEqual('Work hours conflict decided on a device: sent "4" over "1"');
  });

  it('both change the lines: the list shows both, keep theirs leaves the desk’s lines and stock', async () => {
    const { inv, a, b } = await shared();
    await meanwhile(
      () => bay().invoices.edit(inv.id, { work_hour: 2, rate_hour: 5000 }, [{ ...a, qty: 3 }]),
      () =>
        front().invoices.edit(inv.id, { work_hour: 2, rate_hour: 5000 }, [
          { ...a, qty: 2 },
          { ...b, qty: 2 },
        ]),
    );
    const c = nth(await decisionsOn(inv.id), 0);
    expect(c.field).toMatchObject({
      field: 'products',
      label: 'Lines',
      mine: [{ id: a.id, qty: 3 }],
      theirs: [
        { id: a.id, qty: 2 },
        { id: b.id, qty: 2 },
      ],
    });
    await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    const audit = await auditDb(two.s);
    expect((await audit.invoices.get(inv.id))?.products.map((l) => l.qty)).toEqual([2, 2]);
    expect((await audit.products.get(a.id))?.stock).toBe(18);
  });

  it('an invoice paid in full since: nothing lands, use mine is refused at once, keep theirs decides', async () => {
    const { inv, a } = await shared();
    await meanwhile(
      () => bay().invoices.edit(inv.id, { work_hour: 5, rate_hour: 5000 }, [{ ...a, qty: 2 }]),
      () => front().invoices.pay(inv.id, 'cash', 19000),
    );
    expect(await (await auditDb(two.s)).invoices.get(inv.id)).toMatchObject({ work_hour: 2, total: 0 });
    const c = nth(await decisionsOn(inv.id), 0);
    expect(c.field).toMatchObject({ field: 'work_hour', mine: 5, theirs: 2, reason: 'blocked', by: two.deskUser });
    await expect(two.tablet.engine.conflicts.decide(c.id, 'mine')).rejects.toThrow(/paid/i);
    expect(await decisionsOn(inv.id)).toHaveLength(1);
    await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    expect(await decisionsOn(inv.id)).toEqual([]);
    expect(await two.tablet.db.outbox.count()).toBe(0);
  });

  it('an estimate: services and customer details both land; the rate twice is a conflict, edited and sent', async () => {
    const { profile, form, est } = await sharedEstimate('Al', 'Day', 1);
    await meanwhile(
      () => bay().estimates.edit(est.id, profile, form, [], ['Brakes', 'Oil change']),
      () => front().estimates.edit(est.id, { ...profile, contact: '8765550000' }, form, [], ['Brakes']),
    );
    expect(await (await auditDb(two.s)).estimates.get(est.id)).toMatchObject({
      services: ['Brakes', 'Oil change'],
      profile: { contact: '8765550000' },
    });
    expect(await decisionsOn(est.id)).toEqual([]);

    await meanwhile(
      () => bay().estimates.edit(est.id, profile, { work_hour: 1, rate_hour: 5500 }, [], ['Brakes']),
      () => front().estimates.edit(est.id, profile, { work_hour: 1, rate_hour: 6000 }, [], ['Brakes']),
    );
    const c = nth(await decisionsOn(est.id), 0);
    expect(c.field).toMatchObject({ field: 'rate_hour', label: 'Rate per hour', mine: 5500, theirs: 6000 });
    expect(c.field.record).toBe(`Estimate ${est.number}`);
    await two.tablet.engine.conflicts.decide(c.id, 'edited', 5800);
    await drain(two.tablet);
    expect(await decisionsOn(est.id)).toEqual([]);
    expect(await (await auditDb(two.s)).estimates.get(est.id)).toMatchObject({ rate_hour: 5800, total: 5800 });
  });

  it('an estimate’s discount is a field: the desk’s 10 % and the bay’s services both land; twice, use mine', async () => {
    const { profile, form, est } = await sharedEstimate('Bo', 'Ray', 2);
    await meanwhile(
      () => bay().estimates.edit(est.id, profile, form, [], ['Brakes', 'Tyres']),
      () => front().estimates.edit(est.id, profile, form, [], ['Brakes'], 10),
    );
    // the bay's save did not name the discount, so the desk's stays: 2 h × $50 less 10 %
    expect(await (await auditDb(two.s)).estimates.get(est.id)).toMatchObject({
      services: ['Brakes', 'Tyres'],
      discount: 1000,
      total: 9000,
    });
    expect(await decisionsOn(est.id)).toEqual([]);

    await meanwhile(
      () => bay().estimates.edit(est.id, profile, form, [], ['Brakes', 'Tyres'], 20),
      () => front().estimates.edit(est.id, profile, form, [], ['Brakes', 'Tyres'], 15),
    );
    const [c, ...more] = atLeast(await decisionsOn(est.id), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({ field: 'discount', label: 'Discount (%)', mine: 20, base: 10, theirs: 15 });
    expect(c.field.by).toBe(two.deskUser);
    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect(await decisionsOn(est.id)).toEqual([]);
    expect(await (await auditDb(two.s)).estimates.get(est.id)).toMatchObject({ discount: 2000, total: 8000 });
    expect((await two.tablet.db.estimates.get(est.id))?.total).toBe(8000);
  });

  it('an estimate deleted since: the bay’s edit is not refused but waits as deleted; keep theirs decides', async () => {
    const { profile, form, est } = await sharedEstimate('Cy', 'Lowe', 1);
    await meanwhile(
      () => bay().estimates.edit(est.id, profile, { work_hour: 3, rate_hour: 5000 }, [], ['Brakes']),
      () => front().estimates.remove(est.id),
    );
    const [c, ...more] = atLeast(await decisionsOn(est.id), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({ field: 'work_hour', mine: 3, base: 1, theirs: null, reason: 'deleted' });
    expect(c.field.record).toBe(`Estimate ${est.number}`);
    await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    expect(await two.tablet.db.conflicts.toArray()).toEqual([]);
    expect(form.work_hour).toBe(1);
  });

  it('an invoice deleted since: the bay’s save waits as deleted, nothing is refused', async () => {
    const { inv, a } = await shared();
    await meanwhile(
      () => bay().invoices.edit(inv.id, { work_hour: 6, rate_hour: 5000 }, [{ ...a, qty: 2 }]),
      // deleting an invoice is level 5's (the admin, through the API)
      () => two.s.api('DELETE', '/invoice', { body: { data: { id: inv.id } } }),
    );
    const c = nth(await decisionsOn(inv.id), 0);
    expect(c.field).toMatchObject({ field: 'work_hour', mine: 6, theirs: null, reason: 'deleted' });
    expect(await two.tablet.db.conflicts.count()).toBe(1);
  });

  it('a save from a device from before (base_version, no base) is still refused when stale', async () => {
    const { inv, a } = await shared();
    const res = await two.s.api('PUT', '/invoice-details', {
      body: {
        data: {
          id: inv.id,
          formData: { work_hour: 9, rate_hour: 5000 },
          productInvoice: [{ id: a.id, qty: 2 }],
          base_version: inv.version - 1,
        },
      },
    });
    expect(res.status).toBe(409);
  });
});
