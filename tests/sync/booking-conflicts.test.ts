import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_FORMAT, DEFAULT_TIME_ZONE, formatShop } from '../../src/domain/dates';
import { DECISION_WHEN } from '../../src/domain/decisions';
import { jobSubject } from '../../src/domain/writes/jobs';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES } from '../helpers/server';
import { auditDb, customerForm, drain, twoDevices } from './helpers';
import { atLeast, nth } from '../helpers/present';

/** An instant `days` from now at `hour`:00 UTC: always in the future, as a booking must be. */
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/**
 * Issue 14's rule for bookings and cancels, on a live server with two devices each with its own IndexedDB: a tablet
 * in the bay goes offline and moves a booking or cancels a job while the front desk, online, changes the same job.
 * A booking's start and end are two fields: one person moving the start and another the end both land; both moving
 * the start is a conflict. A cancel is the status field's change: a job moved on since is a conflict, and a job
 * canceled twice is the same edit made twice.
 */
describe.each(DATABASES)('two devices book and cancel one job (%s)', (kind) => {
  const two = twoDevices(kind, 'bc', { desk: 4 });
  let plate = 7300;

  const { bay, front, meanwhile } = two;
  const serverJob = async (id: string) => (await auditDb(two.s)).jobs.get(id);
  /** The bay's decisions about one job, by field. */
  const decisionsOn = async (jobId: string) =>
    (await two.tablet.engine.conflicts.decisions())
      .filter((c) => c.field.id === jobId)
      .sort((a, b) => a.field.field.localeCompare(b.field.field));

  /** A job booked on the desk for 09:00–12:00 ten days from now, pulled by both. */
  async function bookedJob() {
    const cid = await front().customers.add(customerForm(`BC ${plate++}`));
    const job = await front().jobs.create({
      customer: (await front().customers.get(cid))!,
      service: ['Brakes'],
      mileage: 10,
    });
    await front().jobs.book(job.id, at(10, 9), at(10, 12));
    await drain(two.desk);
    await drain(two.tablet);
    return job;
  }

  it('the bay moves the start, the desk the end: both times are kept', async () => {
    const job = await bookedJob();
    await meanwhile(
      () => bay().jobs.book(job.id, at(10, 8), at(10, 12)),
      () => front().jobs.book(job.id, at(10, 9), at(10, 13)),
    );
    expect(await serverJob(job.id)).toMatchObject({ status: 'booked', book_start: at(10, 8), book_end: at(10, 13) });
    expect(await decisionsOn(job.id)).toEqual([]);
    expect(await two.tablet.db.jobs.get(job.id)).toMatchObject({ book_start: at(10, 8), book_end: at(10, 13) });
    // the booking route's own log line says the start in the shop's zone (Kingston), as the other lines do
    const lines = await two.s.database.db
      .select()
      .from(sysLog)
      .where(eq(sysLog.subject, jobSubject(job)));
    const booked = lines.map((l) => l.predicate).filter((p) => p.startsWith('booked for '));
    expect(booked).toContainEqual(
      expect.stringMatching(new RegExp(`^booked for ${formatShop(at(10, 8), DEFAULT_TIME_ZONE, BOOKING_FORMAT)}`)),
    );
    expect(booked.filter((p) => /\d{4}-\d\d-\d\dT/.test(p))).toEqual([]);
  });

  it("both move the start: the desk's stays, the bay decides, and its choice lands and is logged", async () => {
    const job = await bookedJob();
    await meanwhile(
      () => bay().jobs.book(job.id, at(11, 9), at(11, 12)),
      () => front().jobs.book(job.id, at(12, 9), at(12, 12)),
    );
    expect(await serverJob(job.id)).toMatchObject({ book_start: at(12, 9), book_end: at(12, 12) });
    const [end, start, ...more] = atLeast(await decisionsOn(job.id), 2);
    expect(more).toEqual([]);
    expect([end.field.field, start.field.field]).toEqual(['book_end', 'book_start']);
    expect(start.field).toMatchObject({
      entity: 'jobs',
      id: job.id,
      label: 'Booking start',
      mine: at(11, 9),
      theirs: at(12, 9),
      by: two.deskUser,
      reason: 'changed',
    });
    // the bay keeps its start and the desk's end: one times each, sent against what is there now
    await two.tablet.engine.conflicts.decide(start.id, 'mine');
    await two.tablet.engine.conflicts.decide(end.id, 'theirs');
    await drain(two.tablet);
    expect(await decisionsOn(job.id)).toEqual([]);
    expect(await serverJob(job.id)).toMatchObject({ book_start: at(11, 9), book_end: at(12, 12) });
    const lines = await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, start.field.record));
    // the times as the list showed them: in the shop's zone (the default, Kingston)
    const shown = (iso: string) => formatShop(iso, DEFAULT_TIME_ZONE, DECISION_WHEN);
    expect(lines.map((l) => l.predicate)).toContainEqual(
      `Booking start conflict decided on a device: sent "${shown(at(11, 9))}" over "${shown(at(12, 9))}"`,
    );
  });

  it('the desk cancels while the bay moves the booking: the job stays canceled, the move waits for a decision', async () => {
    const job = await bookedJob();
    await meanwhile(
      () => bay().jobs.book(job.id, at(13, 9), at(13, 12)),
      () => front().jobs.cancel(job.id),
    );
    expect(await serverJob(job.id)).toMatchObject({ status: 'canceled', book_start: at(10, 9) });
    const [end, start, ...more] = atLeast(await decisionsOn(job.id), 2);
    expect(more).toEqual([]);
    expect(end.field).toMatchObject({ field: 'book_end', mine: at(13, 12), theirs: at(10, 12), reason: 'blocked' });
    expect(start.field).toMatchObject({ field: 'book_start', mine: at(13, 9), theirs: at(10, 9), reason: 'blocked' });
    expect(two.tablet.engine.status.get().conflicts).toBe(0);
    // keeping theirs leaves the job as the desk left it
    for (const c of [end, start]) await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    expect(await decisionsOn(job.id)).toEqual([]);
    expect(await serverJob(job.id)).toMatchObject({ status: 'canceled', book_start: at(10, 9) });
  });

  it('the bay cancels while the desk starts the work: the job stays active, the cancel is a conflict', async () => {
    const job = await bookedJob();
    await meanwhile(
      () => bay().jobs.cancel(job.id),
      () => front().jobs.setStatus(job.id, 'active'),
    );
    expect((await serverJob(job.id))?.status).toBe('active');
    const [c, ...more] = atLeast(await decisionsOn(job.id), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({ field: 'status', label: 'Status', mine: 'canceled', theirs: 'active' });
    expect(c.field.by).toBe(two.deskUser);
    // the device shows what is on the server; keeping theirs drops the cancel
    expect((await two.tablet.db.jobs.get(job.id))?.status).toBe('active');
    await two.tablet.engine.conflicts.decide(c.id, 'theirs');
    await drain(two.tablet);
    expect(await decisionsOn(job.id)).toEqual([]);
    expect((await serverJob(job.id))?.status).toBe('active');
  });

  it('a cancel used from the decision list goes as a cancel, against the status there now', async () => {
    const job = await bookedJob();
    await meanwhile(
      () => bay().jobs.cancel(job.id),
      () => front().jobs.setStatus(job.id, 'active'),
    );
    const c = nth(await decisionsOn(job.id), 0);
    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    const sent = nth(await two.tablet.db.outbox.filter((e) => e.path === '/job-action/cancel').toArray(), 0);
    expect(sent.body).toMatchObject({ data: { id: job.id, base: { status: 'active' } } });
    await drain(two.tablet);
    expect((await serverJob(job.id))?.status).toBe('canceled');
    expect(await decisionsOn(job.id)).toEqual([]);
  });

  it('both cancel the job: the same edit twice, nothing refused and nothing to decide', async () => {
    const job = await bookedJob();
    await meanwhile(
      () => bay().jobs.cancel(job.id),
      () => front().jobs.cancel(job.id),
    );
    expect((await serverJob(job.id))?.status).toBe('canceled');
    // nothing refused, nothing to decide: the device has no conflict of any kind
    expect(await two.tablet.db.conflicts.count()).toBe(0);
    expect(await two.tablet.db.outbox.count()).toBe(0);
  });

  it('a booking from a device from before (no base values) is applied whole, as it always was', async () => {
    const job = await bookedJob();
    const res = await two.s.api('PUT', '/booking-date', {
      body: { data: { id: job.id, book_start: at(14, 9), book_end: at(14, 11), status: 'booked' } },
    });
    expect(res.status).toBe(200);
    expect(await serverJob(job.id)).toMatchObject({ book_start: at(14, 9), book_end: at(14, 11) });
  });
});
