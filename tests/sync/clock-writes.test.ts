import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import {
  auditDb,
  customerForm,
  drain,
  makeDevice,
  offlineThenServer,
  onlineDevice,
  refusal,
  user,
  type Device,
} from './helpers';

/**
 * The technician time clock in the catalogue (src/domain/writes/clock.ts, issue 18): a technician's start, pause,
 * resume and stop made offline on the bay's tablet are the rows the server keeps when the outbox arrives; two
 * technicians clock the same job without touching each other's rows; and a refusal (a second clock, no clock to
 * pause, a closed job, a level below 3) says the same words on the device, at once, as on the server.
 */
type Repos = ReturnType<typeof createRepositories>;

const stretches = async (db: BayBookDB, jobId: string) =>
  (await db.clock_entries.where('job_id').equals(jobId).sortBy('started_at')).map((c) => ({
    id: c.id,
    username: c.username,
    started_at: c.started_at,
    stopped_at: c.stopped_at,
    ended: c.ended,
    device: c.device,
  }));

describe.each(DATABASES)('clock writes: the device and the server keep the same stretches (%s)', (kind) => {
  let s: TestServer;
  let desk: Device;
  let plate = 8100;
  const techs: { d: Device; repos: Repos; username: string; token: string }[] = [];

  beforeAll(async () => {
    s = await startServer(kind);
    desk = await onlineDevice(s, 'clock-desk');
    for (const name of ['clock-bay-1', 'clock-bay-2']) {
      const u = await user(s, 3);
      const d = makeDevice(s, name);
      await d.engine.signIn(u);
      techs.push({ d, repos: createRepositories(d.db), username: u.username, token: u.token });
    }
  });
  afterAll(() => s?.close());

  /** A job made at the desk and pulled by both bay tablets. */
  async function job() {
    const repos = createRepositories(desk.db);
    const cid = await repos.customers.add(customerForm(`CL ${plate++}`));
    const made = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Oil change'],
      mileage: 10,
    });
    await drain(desk);
    for (const t of techs) await t.d.engine.syncNow();
    return made;
  }

  it('start, pause, resume and stop made offline: the same stretches on the tablet and the server', async () => {
    const j = await job();
    const [a] = techs;
    const made = await offlineThenServer(
      a.d,
      s,
      (db) => stretches(db, j.id),
      async () => {
        await a.repos.clock.start(j.id);
        await a.repos.clock.pause(j.id);
        await a.repos.clock.resume(j.id);
        await a.repos.clock.stop(j.id);
      },
    );
    expect(made.offline).toEqual(made.server);
    expect(made.offline.map((c) => [c.username, c.ended])).toEqual([
      [a.username, 'pause'],
      [a.username, 'stop'],
    ]);
    const code = (await a.d.db.meta.get('deviceCode'))!.value;
    for (const c of made.offline) {
      expect(c.device).toBe(code);
      expect(Date.parse(c.stopped_at!)).toBeGreaterThanOrEqual(Date.parse(c.started_at));
    }
  });

  it('two technicians on one job: each runs a clock of their own, and a stop while paused ends the paused one', async () => {
    const j = await job();
    const [a, b] = techs;
    await a.repos.clock.start(j.id);
    await b.repos.clock.start(j.id);
    await a.repos.clock.pause(j.id);
    await a.repos.clock.stop(j.id);
    for (const t of techs) await drain(t.d);
    expect(await a.d.db.conflicts.count()).toBe(0);
    const server = await stretches(await auditDb(s), j.id);
    expect(server.map((c) => [c.username, c.ended, c.stopped_at === null])).toEqual([
      [a.username, 'stop', false],
      [b.username, '', true],
    ]);
    await b.repos.clock.stop(j.id);
    await drain(b.d);
  });

  it('a second clock, nothing to pause or resume, a job not there, a closed job: the same words on both', async () => {
    const [running, other, cancelled] = [await job(), await job(), await job()];
    const [a] = techs;
    await createRepositories(desk.db).jobs.cancel(cancelled.id);
    await drain(desk);
    await a.repos.clock.start(running.id);
    await drain(a.d);
    const cases: [string, 'start' | 'pause' | 'resume' | 'stop', Record<string, unknown>, number][] = [
      ['a second clock', 'start', { job_id: other.id }, 409],
      ['pause with no clock on the job', 'pause', { job_id: other.id }, 409],
      ['resume with nothing paused', 'resume', { job_id: other.id }, 409],
      ['a job not there', 'stop', { job_id: newId() }, 404],
      ['no job', 'start', {}, 400],
      ['a closed job', 'start', { job_id: cancelled.id }, 409],
    ];
    for (const [what, call, body, status] of cases) {
      const device = await refusal(a.repos.clock[call](String(body.job_id ?? '')));
      const server = await s.api('POST', `/v3/clock/${call}`, { token: a.token, body: { data: body } });
      expect.soft([server.status, device], what).toEqual([status, server.body.message]);
    }
    expect(await a.d.db.outbox.count()).toBe(0);
    await a.repos.clock.stop(running.id);
    await drain(a.d);
  });

  it('two tablets starting the same member at once: one clock starts, the other is refused', async () => {
    const [one, two] = [await job(), await job()];
    const member = await user(s, 3);
    const start = (jobId: string) =>
      s.api('POST', '/v3/clock/start', { token: member.token, body: { data: { job_id: jobId } } });
    const answers = await Promise.all([start(one.id), start(two.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('below level 3: refused on the device in the words of the server', async () => {
    const j = await job();
    const helper = await user(s, 2);
    const d = makeDevice(s, 'clock-l2');
    await d.engine.signIn(helper);
    await d.engine.syncNow();
    const device = await refusal(createRepositories(d.db).clock.start(j.id));
    const server = await s.api('POST', '/v3/clock/start', { token: helper.token, body: { data: { job_id: j.id } } });
    expect([device, server.status]).toEqual([server.body.message, 403]);
  });
});
