import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { jobSubject } from '../../src/domain/writes/jobs';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { customerForm, drain, memberDevice, offlineThenServer, onlineDevice, refusal, type Device } from './helpers';

/**
 * A booking as a catalogue write (src/domain/writes/jobs.ts planBooking): booked or moved offline on the device,
 * then sent — the device's job before the sync is the server's after it (both times, the start, booked), the log
 * line says the start as typed in the shop's zone, and a refusal says the same words on both sides, whether the
 * call carries a base (issue 14) or the whole booking (a device from before it).
 */
const booking = async (db: BayBookDB, id: string) => {
  const j = await db.jobs.get(id);
  return j && { status: j.status, book_start: j.book_start, book_end: j.book_end, start: j.start };
};

/** A time a year or so ahead, in SPEC's 'YYYY-MM-DD HH:mm' (read in the shop's zone). */
const ahead = (day: number, hour: number) =>
  `${new Date().getUTCFullYear() + 1}-07-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00`;

describe.each(DATABASES)('booking writes: the same job on the device and the server (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  let plate = 9500;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'booking-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  async function newJob() {
    const cid = await repos.customers.add(customerForm(`BW ${plate++}`));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Brakes'],
      mileage: 1,
    });
    await drain(d);
    return job;
  }

  /** The server's answer to the booking call, with its base (as a device sends it) or whole (an older device). */
  async function serverBooks(id: string, book_start: string, book_end: string, base?: object) {
    const res = await s.api('PUT', '/booking-date', { body: { data: { id, book_start, book_end, base } } });
    return [res.status, res.body.message];
  }

  it('booked, then moved: the same times, start and status, and the log line in the shop time as typed', async () => {
    const job = await newJob();
    const booked = await offlineThenServer(
      d,
      s,
      (db) => booking(db, job.id),
      () => repos.jobs.book(job.id, ahead(2, 9), ahead(2, 11)),
    );
    expect(booked.offline).toEqual(booked.server);
    expect(booked.offline).toMatchObject({ status: 'booked' });
    expect(booked.offline!.start).toBe(booked.offline!.book_start);
    const moved = await offlineThenServer(
      d,
      s,
      (db) => booking(db, job.id),
      () => repos.jobs.book(job.id, ahead(2, 9), ahead(2, 12)),
    );
    expect(moved.offline).toEqual(moved.server);
    expect(moved.offline!.book_end).not.toBe(booked.offline!.book_end);
    const lines = (await s.database.db.select().from(sysLog))
      .filter((l) => l.subject === jobSubject(job))
      .map((l) => l.predicate);
    expect(lines.filter((p) => p.startsWith(`booked for ${ahead(2, 9)}`))).toHaveLength(2);
  });

  it('the booking it has already: nothing sent on the device, nothing changed on the server', async () => {
    const job = await newJob();
    await repos.jobs.book(job.id, ahead(3, 9), ahead(3, 10));
    await drain(d);
    const before = await booking(d.db, job.id);
    const version = (await d.db.jobs.get(job.id))!.version;
    await repos.jobs.book(job.id, ahead(3, 9), ahead(3, 10));
    expect(await d.db.outbox.count()).toBe(0);
    const { book_start, book_end } = before!;
    expect(await serverBooks(job.id, ahead(3, 9), ahead(3, 10), { book_start, book_end })).toEqual([
      200,
      'Booking updated',
    ]);
    await drain(d);
    expect([await booking(d.db, job.id), (await d.db.jobs.get(job.id))!.version]).toEqual([before, version]);
  });

  it.each([
    ['in the past', '2020-01-01 09:00', '2020-01-01 10:00', MSG.invalidDates],
    ['ending before it starts', ahead(4, 11), ahead(4, 9), MSG.invalidBookingDates],
    ['not a time', 'next Tuesday', ahead(4, 9), MSG.invalidDates],
  ])('a booking %s: refused in the same words, with a base or whole', async (_what, start, end, message) => {
    const job = await newJob();
    expect(await refusal(repos.jobs.book(job.id, start, end))).toBe(message);
    expect(await serverBooks(job.id, start, end, { book_start: null, book_end: null })).toEqual([400, message]);
    expect(await serverBooks(job.id, start, end)).toEqual([400, message]);
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('a canceled job, and a member below level 4: refused in the same words', async () => {
    const job = await newJob();
    await repos.jobs.cancel(job.id);
    await drain(d);
    expect(await refusal(repos.jobs.book(job.id, ahead(5, 9), ahead(5, 10)))).toBe(MSG.cannotUpdateFinal);
    expect(await serverBooks(job.id, ahead(5, 9), ahead(5, 10))).toEqual([400, MSG.cannotUpdateFinal]);
    const open = await newJob();
    const { device } = await memberDevice(s, 'booking-writes-3', 3);
    const low = await refusal(createRepositories(device.db).jobs.book(open.id, ahead(5, 9), ahead(5, 10)));
    const token = await s.userToken(3);
    const server = await s.api('PUT', '/booking-date', {
      token,
      body: { data: { id: open.id, book_start: ahead(5, 9), book_end: ahead(5, 10) } },
    });
    expect([server.status, low]).toEqual([403, server.body.message]);
    expect(low).toBe(MSG.forbidden);
  });
});
