import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { createRepositories } from '../../src/local/repositories';
import type { BayBookDB } from '../../src/local/db';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { auditDb, customerForm, drain, offlineThenServer, onlineDevice, refusal, type Device } from './helpers';

/**
 * A service request, its edits (services, mileage) and its booking as catalogue writes (photos: photo-writes.test.ts)
 * (src/domain/writes/jobRequests.ts, jobs.ts): made offline on the device, then sent — the device's rows before the
 * sync equal the server's after, and a refusal says the same words on both.
 */
// each side's own clock; the version a device holds is the server's, from the pull
const SKIP = new Set(['created_at', 'updated_at', '_seq', 'token', 'version']);
async function jobRow(db: BayBookDB, id: string) {
  const j = await db.jobs.get(id);
  return j && Object.fromEntries(Object.entries(j).filter(([k]) => !SKIP.has(k)));
}

/** A booking a year or so ahead, in SPEC's 'YYYY-MM-DD HH:mm'. */
const ahead = (day: number, hour: number) =>
  `${new Date().getUTCFullYear() + 1}-06-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00`;

describe.each(DATABASES)(
  'service requests, bookings and photos: the same rows on the device and the server (%s)',
  (kind) => {
    let s: TestServer;
    let d: Device;
    let repos: ReturnType<typeof createRepositories>;
    let plate = 9300;
    beforeAll(async () => {
      s = await startServer(kind);
      d = await onlineDevice(s, 'request-writes');
      repos = createRepositories(d.db);
    });
    afterAll(() => s?.close());

    async function customer() {
      const cid = await repos.customers.add(customerForm(`RQ ${plate++}`));
      await drain(d);
      return (await repos.customers.get(cid))!;
    }

    it.each([
      ['received', {}],
      ['booked', { book_start: ahead(3, 9), book_end: ahead(3, 11) }],
    ])('a request, %s: the same job row (status, booking, customer fields, number)', async (status, booking) => {
      const c = await customer();
      let id = '';
      const { offline, server } = await offlineThenServer(
        d,
        s,
        (db) => jobRow(db, id),
        async () => {
          const job = await repos.jobs.create({
            customer: c,
            service: [' Brakes ', 'Oil change'],
            mileage: 4321,
            customer_note: 'Squeals',
            ...booking,
          });
          id = job.id;
        },
      );
      expect(offline).toEqual(server);
      expect(offline).toMatchObject({ status, service: ['Brakes', 'Oil change'], registration: c.registration });
      // the activity log gives the booking in the shop's time zone, as it was typed, never as a UTC instant
      if ('book_start' in booking) {
        const said = (await s.database.db.select().from(sysLog)).map((l) => l.predicate);
        const line = `received: Brakes, Oil change, booked for ${booking.book_start}`;
        expect(said.filter((p) => p.startsWith(line))).toHaveLength(1);
      }
    });

    it('services, mileage and a booking edited offline: the same job row', async () => {
      const c = await customer();
      const job = await repos.jobs.create({ customer: c, service: ['Brakes'], mileage: 10 });
      await drain(d);
      const { offline, server } = await offlineThenServer(
        d,
        s,
        (db) => jobRow(db, job.id),
        async () => {
          await repos.jobs.setServices(job.id, ['Brakes', 'Wheel alignment']);
          await repos.jobs.setMileage(job.id, 12345);
          await repos.jobs.book(job.id, ahead(5, 8), ahead(5, 10));
        },
      );
      expect(offline).toEqual(server);
      expect(offline).toMatchObject({ mileage: 12345, service: ['Brakes', 'Wheel alignment'], status: 'booked' });
    });

    it('the services edit by SPEC’s older call (PUT /serviceItem): the row and the refusals of the device’s edit', async () => {
      const c = await customer();
      const [mine, theirs] = [
        await repos.jobs.create({ customer: c, service: ['Brakes'], mileage: 10 }),
        await repos.jobs.create({ customer: c, service: ['Brakes'], mileage: 10 }),
      ];
      await drain(d);
      const edited = ['Wheel alignment', 'Brakes'];
      const { server } = await offlineThenServer(
        d,
        s,
        (db) => jobRow(db, mine.id),
        () => repos.jobs.setServices(mine.id, [...edited]),
      );
      const old = await s.api('PUT', '/serviceItem', { body: { data: { id: theirs.id, service: [...edited] } } });
      expect(old.status).toBe(200);
      await drain(d);
      const apart = (row: object | undefined) => ({ ...row, id: '', number: '' });
      expect(apart(await jobRow(await auditDb(s), theirs.id))).toEqual(apart(server));

      await repos.jobs.cancel(theirs.id);
      await drain(d);
      for (const list of [[], ['Brakes']]) {
        const device = await refusal(repos.jobs.setServices(theirs.id, list));
        const answer = await s.api('PUT', '/serviceItem', { body: { data: { id: theirs.id, service: list } } });
        expect([answer.status, device]).toEqual([400, answer.body.message]);
      }
    });

    it('a refusal says the same words on the device and on the server', async () => {
      const c = await customer();
      const noService = await refusal(repos.jobs.create({ customer: c, service: [], mileage: 1 }));
      const server = await s.api('POST', '/service', {
        body: { data: { customer_id: c.id, service: [], mileage: 1 } },
      });
      expect([server.status, noService]).toEqual([400, server.body.message]);
      expect(noService).toBe(MSG.selectOneService);
      const job = await repos.jobs.create({ customer: c, service: ['Brakes'], mileage: 1 });
      await repos.jobs.cancel(job.id);
      await drain(d);
      const mileage = await refusal(repos.jobs.setMileage(job.id, 50));
      const serverMileage = await s.api('PUT', '/service', { body: { data: { id: job.id, mileage: 50 } } });
      expect([serverMileage.status, mileage]).toEqual([400, serverMileage.body.message]);
      const past = await refusal(
        repos.jobs.create({
          customer: c,
          service: ['Brakes'],
          mileage: 1,
          book_start: '2020-01-01 09:00',
          book_end: '2020-01-01 10:00',
        }),
      );
      const serverPast = await s.api('POST', '/service', {
        body: {
          data: {
            customer_id: c.id,
            service: ['Brakes'],
            mileage: 1,
            book_start: '2020-01-01 09:00',
            book_end: '2020-01-01 10:00',
          },
        },
      });
      expect([serverPast.status, past]).toEqual([400, serverPast.body.message]);
    });
  },
);
