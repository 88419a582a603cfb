import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { MSG, fill } from '../../src/domain/messages';
import { LIMITS } from '../../src/domain/schemas/fields';
import { getMeta } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES } from '../helpers/server';
import { auditDb, customerForm, drain, memberDevice, twoDevices } from './helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * Issue 14's story on a live server, two devices each with its own IndexedDB: a tablet in the bay goes offline and
 * edits job #…'s note while the front desk, online, edits the same job. Different fields: both land. The same
 * field: the desk's stays and the tablet is shown both values, who changed it, on which device and when — until a
 * person decides, and the decision is in the activity log.
 */
describe.each(DATABASES)('two devices edit one record (%s)', (kind) => {
  const two = twoDevices(kind, 'fc', { desk: 4 });
  let plate = 7100;

  const { bay, front } = two;

  /** A job made on the desk and pulled by both. */
  async function sharedJob() {
    const cid = await front().customers.add(customerForm(`FC ${plate++}`));
    const job = await front().jobs.create({
      customer: (await front().customers.get(cid))!,
      service: ['Brakes'],
      mileage: 10,
    });
    await drain(two.desk);
    await drain(two.tablet);
    return { jobId: job.id, customerId: cid, number: job.number };
  }

  it('the bay writes the service note offline, the desk the comment: both notes are kept', async () => {
    const { jobId } = await sharedJob();
    two.tablet.net.up = false;
    await bay().jobs.serviceNote(jobId, 'Rotors scored, check next visit');
    await front().jobs.comment(jobId, 'Customer waits in the lounge');
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);

    const server = await (await auditDb(two.s)).jobs.get(jobId);
    expect(server).toMatchObject({
      service_note: 'Rotors scored, check next visit',
      comment: 'Customer waits in the lounge',
    });
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    expect(await two.tablet.db.jobs.get(jobId)).toMatchObject({
      service_note: 'Rotors scored, check next visit',
      comment: 'Customer waits in the lounge',
    });
  });

  it("both write the service note: the desk's stays, the bay is shown both values with who, where and when", async () => {
    const { jobId, number } = await sharedJob();
    two.tablet.net.up = false;
    await bay().jobs.serviceNote(jobId, 'Bay: brake fluid low');
    await front().jobs.serviceNote(jobId, 'Desk: customer declined fluid');
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);

    expect((await (await auditDb(two.s)).jobs.get(jobId))?.service_note).toBe('Desk: customer declined fluid');
    const [c, ...more] = atLeast(await two.tablet.engine.conflicts.decisions(), 1);
    expect(more).toEqual([]);
    const deskCode = await getMeta<string>(two.desk.db, 'deviceCode', '');
    expect(deskCode).not.toBe('');
    expect(c.field).toMatchObject({
      entity: 'jobs',
      id: jobId,
      field: 'service_note',
      label: 'Service note',
      mine: 'Bay: brake fluid low',
      theirs: 'Desk: customer declined fluid',
      by: two.deskUser,
      device: deskCode,
      reason: 'changed',
    });
    expect(c.field.record).toBe(`Job #${number} (${(await two.tablet.db.jobs.get(jobId))?.registration})`);
    expect(Number.isNaN(Date.parse(c.field.at))).toBe(false);
    // the device shows what is on the server; its own note waits in the list, not on the row
    expect((await two.tablet.db.jobs.get(jobId))?.service_note).toBe('Desk: customer declined fluid');
    expect(two.tablet.engine.status.get().conflicts).toBe(0);

    // the bay decides to use its note: sent against the desk's, it lands, and the decision is logged
    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    expect((await (await auditDb(two.s)).jobs.get(jobId))?.service_note).toBe('Bay: brake fluid low');
    const lines = await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, c.field.record));
    expect(lines.map((l) => [l.username, l.predicate])).toContainEqual([
      'admin',
      'Service note conflict decided on a device: sent "Bay: brake fluid low" over "Desk: customer declined fluid"',
    ]);
  });

  it('keep theirs drops mine, and an edited value is sent as typed', async () => {
    const { jobId } = await sharedJob();
    for (const [mine, theirs] of [
      ['Bay A', 'Desk A'],
      ['Bay B', 'Desk B'],
    ] as const) {
      two.tablet.net.up = false;
      await bay().jobs.comment(jobId, mine);
      await front().jobs.comment(jobId, theirs);
      await drain(two.desk);
      two.tablet.net.up = true;
      await drain(two.tablet);
    }
    // the second conflict on the same field replaced the first: one decision, the latest of each side
    const [c, ...more] = atLeast(await two.tablet.engine.conflicts.decisions(), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({ mine: 'Bay B', theirs: 'Desk B' });
    // an edited note past the model's length is refused on the device, in the server's words: the decision stays open
    const queued = await two.tablet.db.outbox.count();
    await expect(two.tablet.engine.conflicts.decide(c.id, 'edited', 'x'.repeat(LIMITS.text + 1))).rejects.toThrow(
      fill(MSG.textMax, { field: 'Note', max: LIMITS.text }),
    );
    expect(await two.tablet.db.outbox.count()).toBe(queued);
    expect((await two.tablet.engine.conflicts.decisions()).map((d) => d.id)).toEqual([c.id]);
    await two.tablet.engine.conflicts.decide(c.id, 'edited', 'Bay and desk agree: B');
    await drain(two.tablet);
    expect((await (await auditDb(two.s)).jobs.get(jobId))?.comment).toBe('Bay and desk agree: B');
    await drain(two.desk);

    two.tablet.net.up = false;
    await bay().jobs.comment(jobId, 'Bay C');
    await front().jobs.comment(jobId, 'Desk C');
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);
    const k = nth(await two.tablet.engine.conflicts.decisions(), 0);
    await two.tablet.engine.conflicts.decide(k.id, 'theirs');
    await drain(two.tablet);
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    expect((await (await auditDb(two.s)).jobs.get(jobId))?.comment).toBe('Desk C');
    expect((await two.tablet.db.jobs.get(jobId))?.comment).toBe('Desk C');
  });

  it('a customer: the desk changes the phone, the bay the note — both kept; the same phone twice is a conflict', async () => {
    const { customerId } = await sharedJob();
    two.tablet.net.up = false;
    await bay().customers.edit(customerId, { note: 'Prefers morning slots' });
    await front().customers.edit(customerId, { contact: '876 555 0000' });
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);
    expect(await (await auditDb(two.s)).customers.get(customerId)).toMatchObject({
      note: 'Prefers morning slots',
      contact: '8765550000',
    });
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);

    two.tablet.net.up = false;
    await bay().customers.edit(customerId, { contact: '876 555 1111', email: 'ann@example.com' });
    await front().customers.edit(customerId, { contact: '876 555 2222' });
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);
    // the email (nobody else changed it) landed; the phone is the desk's and the bay's waits for a decision
    expect(await (await auditDb(two.s)).customers.get(customerId)).toMatchObject({
      contact: '8765552222',
      email: 'ann@example.com',
    });
    const c = nth(await two.tablet.engine.conflicts.decisions(), 0);
    expect(c.field).toMatchObject({
      entity: 'customers',
      field: 'contact',
      label: 'Contact number',
      mine: '8765551111',
      theirs: '8765552222',
      by: two.deskUser,
    });
    expect(c.field.record).toMatch(/^Ann Lee \(FC \d+\)$/);
  });

  it('an edit to a customer blocked since: nothing of it lands, each field waits for a decision', async () => {
    const { customerId } = await sharedJob();
    two.tablet.net.up = false;
    await bay().customers.edit(customerId, { note: 'Call before any work' });
    const block = await fetch(`${two.s.url}/api/customer-status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${two.s.adminToken}` },
      body: JSON.stringify({ data: { id: customerId, active: 0 } }),
    });
    expect(block.status).toBe(200);
    two.tablet.net.up = true;
    await drain(two.tablet);
    expect(await (await auditDb(two.s)).customers.get(customerId)).toMatchObject({ active: 0, note: '' });
    const c = nth(
      (await two.tablet.engine.conflicts.decisions()).filter((d) => d.field.id === customerId),
      0,
    );
    expect(c.field).toMatchObject({ field: 'note', mine: 'Call before any work', theirs: '', reason: 'blocked' });
  });

  it('a product: the price changed twice is a conflict shown in dollars, the description lands', async () => {
    const { device: office, username: manager } = await memberDevice(two.s, 'fc-office', 5);
    const p = await bay().products.add({
      title: `Brake pads ${plate++}`,
      description: 'Front',
      price: 4500,
      stock: 4,
      low_stock: 1,
    });
    await drain(two.tablet);
    await drain(office);
    two.tablet.net.up = false;
    await bay().products.edit(p.id, { price: 4900, description: 'Front, ceramic' });
    await createRepositories(office.db).products.edit(p.id, { price: 5200 });
    await drain(office);
    two.tablet.net.up = true;
    await drain(two.tablet);
    expect(await (await auditDb(two.s)).products.get(p.id)).toMatchObject({
      price: 5200,
      description: 'Front, ceramic',
    });
    const c = nth(
      (await two.tablet.engine.conflicts.decisions()).filter((d) => d.field.id === p.id),
      0,
    );
    expect(c.field).toMatchObject({
      field: 'price',
      label: 'Price',
      mine: 4900,
      theirs: 5200,
      by: manager,
      record: `Product ${p.title}`,
    });
    await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    const line = nth(
      await two.s.database.db
        .select()
        .from(sysLog)
        .where(eq(sysLog.subject, `Product ${p.title}`))
        .orderBy(desc(sysLog.created_at))
        .limit(1),
      0,
    );
    expect(line.predicate).toBe('Price conflict decided on a device: kept "$52.00", dropped "$49.00"');
  });

  it('a job: services on one device, mileage on the other both land; mileage twice is a conflict', async () => {
    const { jobId } = await sharedJob();
    two.tablet.net.up = false;
    await bay().jobs.setServices(jobId, ['Brakes', 'Oil change']);
    await front().jobs.setMileage(jobId, 5000);
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);
    expect(await (await auditDb(two.s)).jobs.get(jobId)).toMatchObject({
      service: ['Brakes', 'Oil change'],
      mileage: 5000,
    });

    two.tablet.net.up = false;
    await bay().jobs.setMileage(jobId, 6000);
    await front().jobs.setMileage(jobId, 7000);
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);
    const c = nth(
      (await two.tablet.engine.conflicts.decisions()).filter((d) => d.field.id === jobId),
      0,
    );
    expect(c.field).toMatchObject({ field: 'mileage', label: 'Mileage', mine: 6000, theirs: 7000, by: two.deskUser });
    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    expect((await (await auditDb(two.s)).jobs.get(jobId))?.mileage).toBe(6000);
  });

  it('a call queued by a device from before (no base values) is applied as it always was', async () => {
    const { jobId, customerId } = await sharedJob();
    await front().jobs.serviceNote(jobId, 'Desk note');
    await drain(two.desk);
    const put = (path: string, data: Record<string, unknown>) =>
      fetch(`${two.s.url}/api${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${two.s.adminToken}` },
        body: JSON.stringify({ data }),
      });
    const note = await put('/job-action/service-note', { id: jobId, value: 'Old tablet note' });
    expect(await note.json()).toEqual({ value: true, message: 'Service note saved' });
    const customer = await put('/customer', { id: customerId, note: 'Old tablet customer note' });
    expect(await customer.json()).toEqual({ value: true, message: 'Customer updated' });
    const audit = await auditDb(two.s);
    expect((await audit.jobs.get(jobId))?.service_note).toBe('Old tablet note');
    expect((await audit.customers.get(customerId))?.note).toBe('Old tablet customer note');
  });

  it('a job moved to a status by two people: the first move stays, the second is a conflict', async () => {
    const { jobId } = await sharedJob();
    two.tablet.net.up = false;
    await bay().jobs.setStatus(jobId, 'active');
    await front().jobs.cancel(jobId);
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);
    expect((await (await auditDb(two.s)).jobs.get(jobId))?.status).toBe('canceled');
    const c = nth(
      (await two.tablet.engine.conflicts.decisions()).filter((d) => d.field.id === jobId),
      0,
    );
    expect(c.field).toMatchObject({
      field: 'status',
      label: 'Status',
      mine: 'active',
      theirs: 'canceled',
      by: two.deskUser,
    });
    expect((await two.tablet.db.jobs.get(jobId))?.status).toBe('canceled');
  });
});
