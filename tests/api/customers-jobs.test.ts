import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../../src/domain/entities';
import { newId } from '../../src/domain/ids';
import { MSG, fill } from '../../src/domain/messages';
import { CONTACT_MESSAGE } from '../../src/domain/schemas';
import { eq } from 'drizzle-orm';
import { startOfShopDay } from '../../src/domain/dates';
import { jobs } from '../../src/server/db/schema';
import type { Answer, Data, Made, Page, Row, Setting } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

/** GET /dash: the tiles' counts */
interface Tiles {
  active: number;
  received: number;
  complete: number;
  booked: number;
}

const specCustomer = (vin: string, reg = 'PK 1234') => ({
  VIN: vin,
  'Registration Number': reg,
  'First name': 'Ann',
  'Last name': 'Lee',
  'Contact number': '8765551234',
  Email: 'ann@example.com',
});

describe.each(DATABASES)('customers and jobs on %s', (kind) => {
  let s: TestServer;
  let level3: string;
  let level2: string;
  let level5b: string;
  beforeAll(async () => {
    s = await startServer(kind);
    level3 = await s.userToken(3, 'tech3');
    level2 = await s.userToken(2);
    level5b = await s.userToken(5);
  });
  afterAll(() => s?.close());

  /** the job as POST /booking reads it back */
  const jobOf = async (id: string) => (await s.api<Data<Row<'jobs'>>>('POST', '/booking', { body: { id } })).body.data;
  /** a setting of the config sheet, by name */
  const settingOf = async (name: string) => {
    const setting = (await s.api<Setting[]>('GET', '/configsheet')).body.find((r) => r.name === name);
    if (!setting) throw new Error(`no setting ${name}`);
    return setting;
  };

  it('adds a customer from SPEC form keys and returns message, value, id; refuses a second record for the VIN', async () => {
    const res = await s.api('POST', '/customer', { body: { data: specCustomer('1HGCM82633A004352') } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: true, message: expect.any(String), id: expect.any(String) });
    const again = await s.api('POST', '/customer', { body: { data: specCustomer('1hgcm82633a004352') } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('Ann Lee');
  });

  it('refuses bad customers with SPEC messages', async () => {
    const bad = await s.api('POST', '/customer', {
      body: { data: { ...specCustomer('VIN-X'), 'Contact number': '12345' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(CONTACT_MESSAGE);
    const reg = await s.api('POST', '/customer', {
      body: { data: { ...specCustomer('VIN-Y'), 'Registration Number': 'A' } },
    });
    expect(reg.body.message).toBe(MSG.invalidRegistration);
  });

  it('finds customers by VIN, plate (any spacing or case), contact; answers "Customer NOT FOUND."', async () => {
    for (const text of ['1HGCM8', 'pk1234', 'PK 12', '876555']) {
      const res = await s.api<Data<Answer[]>>('POST', '/customer-fetch', { body: { data: text } });
      expect(res.status, text).toBe(200);
      expect(res.body.data[0]).toMatchObject({
        'First name': 'Ann',
        'Registration Number': 'PK 1234',
        VIN: '1HGCM82633A004352',
      });
    }
    const none = await s.api('POST', '/customer-fetch', { body: { data: 'ZZZZZZ' } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(MSG.customerNotFoundUpper);
    // SPEC §5/§9: a lookup needs 3 or more characters (spaces around do not count)
    for (const text of ['PK', ' PK ', '', 12]) {
      const short = await s.api('POST', '/customer-fetch', { body: { data: text } });
      expect([short.status, short.body.message], String(text)).toEqual([400, MSG.lookupMin]);
    }
  });

  it('reads a profile by VIN and by id (data.data), edits inline, blocks and unblocks', async () => {
    const profile = await s.api<Data<Data<Row<'customers'>>>>('GET', '/customerProfile/1HGCM82633A004352');
    expect(profile.body.data.data).toMatchObject({ current_points: 0, discount: 0 });
    const id = profile.body.data.data.id;
    const byId = await s.api<Data<Data<Row<'customers'>>>>('GET', `/customerByID/${id}`);
    expect(byId.body.data.data.vin).toBe('1HGCM82633A004352');
    const missing = await s.api('GET', `/customerByID/${newId()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/^No record found /);

    const edit = await s.api('PUT', '/customer', {
      token: level3,
      body: { data: { id, note: 'Prefers mornings', discount: 5 } },
    });
    expect(edit.status).toBe(200);
    const tooLong = await s.api('PUT', '/customer', { body: { data: { id, note: 'x'.repeat(501) } } });
    expect(tooLong.body.message).toBe(MSG.noteMax);

    expect((await s.api('PUT', '/customer-status', { token: level3, body: { data: { id, active: 0 } } })).status).toBe(
      403,
    );
    expect((await s.api('PUT', '/customer-status', { body: { data: { id, active: 0 } } })).status).toBe(200);
    const blocked = await s.api('POST', '/service', {
      body: { data: { customer_id: id, mileage: 1000, service: ['Wheel alignment'] } },
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe(MSG.customerBlocked);
    await s.api('PUT', '/customer-status', { body: { data: { id, active: 1 } } });
    const list = await s.api<Data<Row<'customers'>[]>>('GET', '/customers', { token: level3 });
    expect(list.body.data.find((c) => c.id === id)).toMatchObject({
      note: 'Prefers mornings',
      discount: 5,
      active: 1,
    });
  });

  let jobId = '';
  it('makes a service request for a new customer inline, numbered, with the idempotency key honoured', async () => {
    const key = newId();
    const body = {
      data: {
        id: newId(),
        number: 'A1-1',
        customer: specCustomer('JTDKN3DU0A0123456', 'TX 999'),
        mileage: 52000,
        service: ['Oil and filter change', 'Wheel alignment'],
        customer_note: 'Noise at the front',
      },
    };
    const first = await s.api<Made>('POST', '/service', { key, token: level2, body });
    const again = await s.api('POST', '/service', { key, token: level2, body });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ value: true, number: 'A1-1', id: body.data.id });
    expect(again.body).toEqual(first.body);
    jobId = first.body.id;
    const all = await s.api<Data<Row<'jobs'>[]>>('GET', '/bookings');
    expect(all.body.data.filter((j) => j.number === 'A1-1')).toHaveLength(1);
    const dup = await s.api('POST', '/service', { body: { data: { ...body.data, id: newId() } } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(MSG.duplicateNumber);
  });

  it('checks mileage, services and bookings', async () => {
    const base = { customer: { vin: 'JTDKN3DU0A0123456' }, mileage: 100, service: ['Wheel alignment'] };
    expect((await s.api('POST', '/service', { body: { data: { ...base, mileage: 'far' } } })).body.message).toBe(
      MSG.invalidMileage,
    );
    expect((await s.api('POST', '/service', { body: { data: { ...base, service: [] } } })).body.message).toBe(
      MSG.selectOneService,
    );
    const past = await s.api('POST', '/service', {
      body: { data: { ...base, book_start: '2020-01-01T10:00:00Z', book_end: '2020-01-01T11:00:00Z' } },
    });
    expect(past.body.message).toBe(MSG.invalidDates);
    const future = Date.now() + 3 * 86400_000;
    const backwards = await s.api('POST', '/service', {
      body: {
        data: {
          ...base,
          book_start: new Date(future + 3600_000).toISOString(),
          book_end: new Date(future).toISOString(),
        },
      },
    });
    expect(backwards.body.message).toBe(MSG.invalidBookingDates);
    const ok = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          ...base,
          book_start: new Date(future).toISOString(),
          book_end: new Date(future + 3600_000).toISOString(),
        },
      },
    });
    expect(ok.status).toBe(200);
    const booked = await s.api<Data<Row<'jobs'>>>('POST', '/booking', { body: { data: { id: ok.body.id } } });
    expect(booked.body.data.status).toBe('booked');
    // a level-3 user cannot book from the request form (SPEC §6: level 4 and up)
    const l3 = await s.api('POST', '/service', {
      token: level3,
      body: {
        data: {
          ...base,
          book_start: new Date(future).toISOString(),
          book_end: new Date(future + 3600_000).toISOString(),
        },
      },
    });
    expect(l3.status).toBe(403);
  });

  it("reads SPEC's booking format 'YYYY-MM-DD HH:mm' in the shop's time zone, takes ISO with an offset, refuses other text", async () => {
    const base = { customer: { vin: 'JTDKN3DU0A0123456' }, mileage: 100, service: ['Wheel alignment'] };
    // America/Jamaica is UTC-5 all year: 10:00 in the shop is 15:00Z, whatever the server process's zone
    const spec = await s.api<Made>('POST', '/service', {
      body: { data: { ...base, book_start: '2030-06-01 10:00', book_end: '2030-06-01 11:30' } },
    });
    expect(spec.status).toBe(200);
    const job = await jobOf(spec.body.id);
    expect(new Date(job.book_start!).toISOString()).toBe('2030-06-01T15:00:00.000Z');
    expect(new Date(job.book_end!).toISOString()).toBe('2030-06-01T16:30:00.000Z');
    expect(new Date(job.start!).toISOString()).toBe('2030-06-01T15:00:00.000Z');
    // an instant with its offset is taken as it is
    const moved = await s.api('PUT', '/booking-date', {
      body: { data: { id: spec.body.id, book_start: '2030-06-02T09:00:00-05:00', book_end: '2030-06-02T15:00:00Z' } },
    });
    expect(moved.status).toBe(200);
    const after = await jobOf(spec.body.id);
    expect([new Date(after.book_start!).toISOString(), new Date(after.book_end!).toISOString()]).toEqual([
      '2030-06-02T14:00:00.000Z',
      '2030-06-02T15:00:00.000Z',
    ]);
    // text that is neither is refused with SPEC's words, on both routes
    for (const bad of [
      '2030-06-01T10:00',
      '2030-06-01 10:00:00',
      'tomorrow 10am',
      '2030-02-31 10:00',
      '2030-06-01 24:00',
      '06/01/2030 10:00',
    ]) {
      const create = await s.api('POST', '/service', {
        body: { data: { ...base, book_start: bad, book_end: '2030-06-03 12:00' } },
      });
      expect([create.status, create.body.message], bad).toEqual([400, MSG.invalidDates]);
      const move = await s.api('PUT', '/booking-date', {
        body: { data: { id: spec.body.id, book_start: '2030-06-03 10:00', book_end: bad } },
      });
      expect([move.status, move.body.message], bad).toEqual([400, MSG.invalidDates]);
    }
    const backwards = await s.api('PUT', '/booking-date', {
      body: { data: { id: spec.body.id, book_start: '2030-06-03 12:00', book_end: '2030-06-03 11:00' } },
    });
    expect(backwards.body.message).toBe(MSG.invalidBookingDates);
    const past = await s.api('PUT', '/booking-date', {
      body: { data: { id: spec.body.id, book_start: '2020-06-03 10:00', book_end: '2020-06-03 11:00' } },
    });
    expect(past.body.message).toBe(MSG.invalidDates);

    // the zone is the config sheet's, not a constant: a shop in London books 10:00 BST = 09:00Z
    const zone = await settingOf('time_zone');
    const setZone = (tz: string) =>
      s.api('PUT', `/configsheet/${zone.id}`, {
        body: { data: { title: zone.title, description: tz, amount: zone.amount } },
      });
    expect((await setZone('Europe/London')).status).toBe(200);
    try {
      expect(
        (
          await s.api('PUT', '/booking-date', {
            body: { data: { id: spec.body.id, book_start: '2030-06-01 10:00', book_end: '2030-06-01 11:00' } },
          })
        ).status,
      ).toBe(200);
      expect(new Date((await jobOf(spec.body.id)).book_start!).toISOString()).toBe('2030-06-01T09:00:00.000Z');
    } finally {
      expect((await setZone('America/Jamaica')).status).toBe(200);
    }
    // leave the job as the other tests expect the file's bookings: not booked for today
    expect((await s.api('PUT', '/job-action/cancel', { body: { data: { id: spec.body.id } } })).status).toBe(200);
  });

  it('moves a job through the bay by the state machine', async () => {
    const active = await s.api('PUT', '/job-action/status', {
      token: level3,
      body: { data: { id: jobId, status: 'active' } },
    });
    expect(active.status).toBe(200);
    const complete = await s.api('PUT', '/job-action/status', {
      token: level3,
      body: { data: { id: jobId, status: 'complete' } },
    });
    expect(complete.status).toBe(400);
    expect(complete.body.message).toBe(MSG.invoiceRequired);

    const tech = await s.api('PUT', '/job-action/technician', { body: { data: { id: jobId, technician: 'tech3' } } });
    expect(tech.status).toBe(200);
    const notTech = await s.api('PUT', '/job-action/technician', {
      body: { data: { id: jobId, technician: 'admin' } },
    });
    expect(notTech.status).toBe(400);
    expect(
      (
        await s.api('PUT', '/job-action/comment', {
          token: level3,
          body: { data: { id: jobId, value: 'Ready Friday' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await s.api('PUT', '/job-action/service-note', {
          token: level3,
          body: { data: { id: jobId, value: 'Check CV boot' } },
        })
      ).status,
    ).toBe(200);
    // SPEC §5 'Invalid Mileage' on the inline mileage edit too; a refused edit leaves the mileage as it was
    for (const mileage of ['far', -1, '', null, 1.5]) {
      const bad = await s.api('PUT', '/service', { body: { data: { id: jobId, mileage } } });
      expect([bad.status, bad.body.message], String(mileage)).toEqual([400, MSG.invalidMileage]);
    }
    expect((await s.api('PUT', '/service', { body: { data: { id: jobId } } })).body.message).toBe(MSG.invalidMileage);
    expect((await jobOf(jobId)).mileage).toBe(52000);
    expect((await s.api('PUT', '/service', { body: { data: { id: jobId, mileage: 52010 } } })).status).toBe(200);
    expect(
      (await s.api('PUT', '/serviceItem', { body: { data: { id: jobId, service: ['Wheel alignment'] } } })).status,
    ).toBe(200);
    const job = (await s.api<Data<Row<'jobs'>>>('POST', '/booking', { body: { data: { id: jobId } } })).body.data;
    expect(job).toMatchObject({
      status: 'active',
      technician: 'tech3',
      comment: 'Ready Friday',
      service_note: 'Check CV boot',
      mileage: 52010,
      service: ['Wheel alignment'],
    });
    expect(job.active_at).toBeTruthy();

    const cancel = await s.api('PUT', '/job-action/cancel', { body: { data: { id: jobId } } });
    expect(cancel.status).toBe(200);
    const afterCancel = await s.api('PUT', '/job-action/comment', {
      token: level3,
      body: { data: { id: jobId, value: 'x' } },
    });
    expect(afterCancel.body.message).toBe(MSG.cannotUpdateFinal);
    const l3status = await s.api('PUT', '/job-action/status', {
      token: level3,
      body: { data: { id: jobId, status: 'active' } },
    });
    expect(l3status.body.message).toBe(MSG.cannotUpdateFinal);
    // level 5 may still reopen a final job
    const l5 = await s.api('PUT', '/job-action/status', {
      token: level5b,
      body: { data: { id: jobId, status: 'received' } },
    });
    expect(l5.status).toBe(200);
  });

  it('pages, sorts and searches jobs and counts the tiles', async () => {
    const page = await s.api<Data<Page<Row<'jobs'>>>>(
      'GET',
      '/bookings_?page=1&per_page=1&orderBy=registration&orderDirection=asc&search=TX',
    );
    expect(page.body.data).toMatchObject({ page: 1, total: expect.any(Number) });
    expect(page.body.data.data).toHaveLength(1);
    expect(nth(page.body.data.data, 0).registration).toBe('TX 999');
    const dash = await s.api<Data<Tiles>>('GET', '/dash', { token: level2 });
    expect(dash.body.data).toEqual({ active: 0, received: expect.any(Number), complete: 0, booked: 0 });
    const received = await s.api<Data<Row<'jobs'>[]>>('POST', '/bookings-fetch', {
      token: level2,
      body: { status: 'received' },
    });
    expect(received.body.data.length).toBe(dash.body.data.received);
  });

  it("/bookings-fetch takes each of the domain's job statuses and refuses any other word", async () => {
    const fetch = (status: string) => s.api('POST', '/bookings-fetch', { token: level2, body: { status } });
    for (const status of JOB_STATUSES) expect((await fetch(status)).status, status).toBe(200);
    const other = await fetch('parked');
    expect([other.status, other.body.message]).toEqual([400, MSG.selectStatus]);
  });

  it('counts a job completed today and one booked for today on /dash, and /bookings-fetch lists exactly those', async () => {
    const tiles = async () => (await s.api<Data<Tiles>>('GET', '/dash', { token: level2 })).body.data;
    const fetchIds = async (status: string) =>
      (await s.api<Data<Row<'jobs'>[]>>('POST', '/bookings-fetch', { token: level2, body: { status } })).body.data
        .map((j) => j.id)
        .sort();
    const before = await tiles();
    // a vehicle of its own, so the other tests' history (outstanding services) is untouched
    const base = { customer: specCustomer('DASHTILEVIN000001', 'DT 1'), mileage: 60000 };
    // completed today: received → active → invoice → complete, all through the API
    const done = (
      await s.api<Made>('POST', '/service', { body: { data: { ...base, service: ['Oil and filter change'] } } })
    ).body.id;
    expect((await s.api('PUT', '/job-action/status', { body: { data: { id: done, status: 'active' } } })).status).toBe(
      200,
    );
    const inv = await s.api('POST', '/invoice', {
      body: { data: { fetchedData: { id: done }, formData: { work_hour: 1, rate_hour: 5000 } } },
    });
    expect(inv.status).toBe(200);
    expect(
      (await s.api('PUT', '/job-action/status', { body: { data: { id: done, status: 'complete' } } })).status,
    ).toBe(200);
    // completed yesterday: does not count for today
    const earlier = (
      await s.api<Made>('POST', '/service', { body: { data: { ...base, service: ['Wheel alignment'] } } })
    ).body.id;
    await s.api('PUT', '/job-action/status', { body: { data: { id: earlier, status: 'active' } } });
    await s.api('POST', '/invoice', {
      body: { data: { fetchedData: { id: earlier }, formData: { work_hour: 1, rate_hour: 5000 } } },
    });
    await s.api('PUT', '/job-action/status', { body: { data: { id: earlier, status: 'complete' } } });
    // booked for today, and one booked for another day: a booking is made for the future, so "today" is a booking
    // made earlier whose day has come; its time is set in the database (the API refuses a booking in the past)
    const tz = (await settingOf('time_zone')).description;
    const today = startOfShopDay(new Date(), tz);
    const book = async (service: string) => {
      const future = Date.now() + 3 * 86400_000;
      const res = await s.api<Made>('POST', '/service', {
        body: {
          data: {
            ...base,
            service: [service],
            book_start: new Date(future).toISOString(),
            book_end: new Date(future + 3600_000).toISOString(),
          },
        },
      });
      expect(res.status).toBe(200);
      return res.body.id;
    };
    const bookedToday = await book('Battery test');
    const bookedLater = await book('Battery test');
    const { db } = s.database;
    await db
      .update(jobs)
      .set({ book_start: new Date(today.getTime() + 60_000), book_end: new Date(today.getTime() + 3_600_000) })
      .where(eq(jobs.id, bookedToday));
    await db
      .update(jobs)
      .set({ complete_at: new Date(today.getTime() - 3_600_000) })
      .where(eq(jobs.id, earlier));

    const after = await tiles();
    expect(after).toEqual({
      active: before.active,
      received: before.received,
      complete: before.complete + 1,
      booked: before.booked + 1,
    });
    expect(after.complete).toBeGreaterThan(0);
    expect(after.booked).toBeGreaterThan(0);
    expect(await fetchIds('complete')).toContain(done);
    expect(await fetchIds('complete')).not.toContain(earlier);
    expect(await fetchIds('complete')).toHaveLength(after.complete);
    expect(await fetchIds('booked')).toContain(bookedToday);
    expect(await fetchIds('booked')).not.toContain(bookedLater);
    expect(await fetchIds('booked')).toHaveLength(after.booked);
    expect(await fetchIds('active')).toHaveLength(after.active);
    expect(await fetchIds('received')).toHaveLength(after.received);
  });

  it('keeps a service log: "You need to write something!", delete at level 5 only', async () => {
    const empty = await s.api('POST', '/service-log', { body: { value: '  ', id: jobId } });
    expect(empty.body.message).toBe(MSG.writeSomething);
    const add = await s.api<Made>('POST', '/service-log', { body: { value: 'Road-tested, fine', id: jobId } });
    expect(add.status).toBe(200);
    const list = await s.api<Data<Row<'service_log'>[]>>('GET', `/service-log/${jobId}`, { token: level3 });
    expect(list.body.data.map((e) => e.message)).toEqual(['Road-tested, fine']);
    expect((await s.api('DELETE', '/service-log', { token: level3, body: { id: add.body.id } })).status).toBe(403);
    expect((await s.api('DELETE', '/service-log', { body: { id: add.body.id } })).status).toBe(200);
    const again = await s.api('DELETE', '/service-log', { body: { id: add.body.id } });
    expect([again.status, again.body.message]).toEqual([404, fill(MSG.noRecordFound, { id: add.body.id })]);
  });

  it('pre-ticks outstanding services of the vehicle', async () => {
    const res = await s.api('POST', '/outstanding-services', { body: { vin: 'JTDKN3DU0A0123456', mileage: 60000 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toContain('Wheel alignment');
  });

  it('lists the catalogue on both paths', async () => {
    const a = await s.api<Data<Row<'services'>[]>>('GET', '/services', { token: level2 });
    const b = await s.api<Data<Row<'services'>[]>>('GET', '/serviceList', { token: level2 });
    expect(a.body.data.length).toBeGreaterThan(20);
    expect(b.body.data).toEqual(a.body.data);
  });
});
