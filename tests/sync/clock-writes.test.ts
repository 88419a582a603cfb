import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { jobSubject } from '../../src/domain/writes/jobs';
import { sysLog } from '../../src/server/db/schema';
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
import { atLeast, nth } from '../helpers/present';

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
    const a = nth(techs, 0);
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
    const [a, b] = atLeast(techs, 2);
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
    const a = nth(techs, 0);
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

describe.each(DATABASES)(
  'clock mend: the desk sets a stretch’s real stop, the same on the device and the server (%s)',
  (kind) => {
    let s: TestServer;
    let desk: Device;
    let deskUser: Awaited<ReturnType<typeof user>>;
    let deskRepos: Repos;
    let tech: { d: Device; repos: Repos; username: string; token: string };
    let plate = 8300;

    beforeAll(async () => {
      s = await startServer(kind);
      deskUser = await user(s, 4);
      desk = makeDevice(s, 'mend-desk');
      await desk.engine.signIn(deskUser);
      deskRepos = createRepositories(desk.db);
      const u = await user(s, 3);
      const d = makeDevice(s, 'mend-bay');
      await d.engine.signIn(u);
      tech = { d, repos: createRepositories(d.db), username: u.username, token: u.token };
    });
    afterAll(() => s?.close());

    /** A job with the technician's stretch on it (started a moment ago), known to the desk. */
    async function clocked() {
      const cid = await deskRepos.customers.add(customerForm(`CM ${plate++}`));
      const j = await deskRepos.jobs.create({
        customer: (await deskRepos.customers.get(cid))!,
        service: ['Brakes'],
        mileage: 5,
      });
      await drain(desk);
      await tech.d.engine.syncNow();
      const row = await tech.repos.clock.start(j.id);
      await drain(tech.d);
      await desk.engine.syncNow();
      return { j, row };
    }
    const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

    it('a clock left running, mended offline: the same stopped stretch on the desk and the server, logged once', async () => {
      const { j, row } = await clocked();
      await new Promise((r) => setTimeout(r, 20));
      const stop = later(row.started_at, 10);
      const made = await offlineThenServer(
        desk,
        s,
        (db) => stretches(db, j.id),
        () => deskRepos.clock.mend(row.id, stop),
      );
      expect(made.offline).toEqual(made.server);
      expect(made.offline.map((c) => [c.username, c.stopped_at, c.ended])).toEqual([[tech.username, stop, 'mend']]);
      const lines = (await s.database.db.select().from(sysLog)).filter((l) =>
        l.predicate.includes(`mended ${tech.username}'s clock`),
      );
      expect(lines.map((l) => [l.username, l.subject])).toEqual([[deskUser.username, jobSubject(j)]]);
      // the technician's tablet, once it pulls, shows the clock stopped: a new start is taken
      await tech.d.engine.syncNow();
      await tech.repos.clock.start(j.id);
      await tech.repos.clock.stop(j.id);
      await drain(tech.d);
    });

    it('the technician’s offline Stop arriving after the desk’s mend: refused on the tablet, the mend stands', async () => {
      const { j, row } = await clocked();
      tech.d.net.up = false;
      await tech.repos.clock.stop(j.id);
      await new Promise((r) => setTimeout(r, 20));
      const stop = later(row.started_at, 10);
      await deskRepos.clock.mend(row.id, stop);
      await drain(desk);
      tech.d.net.up = true;
      await drain(tech.d);
      const refused = await tech.d.db.conflicts.toArray();
      expect(refused.map((c) => [c.status, c.entry.path, c.message])).toEqual([
        [409, '/v3/clock/stop', expect.stringMatching(/^You are not clocked on job /)],
      ]);
      await tech.d.engine.syncNow();
      const kept = [await stretches(await auditDb(s), j.id), await stretches(tech.d.db, j.id)];
      expect(kept.map((rows) => rows.map((c) => [c.stopped_at, c.ended]))).toEqual([
        [[stop, 'mend']],
        [[stop, 'mend']],
      ]);
      await tech.d.db.conflicts.clear();
    });

    it('before the start, in the future, past the next stretch, not there, level 3: the same words on both', async () => {
      const { j, row } = await clocked();
      await tech.repos.clock.stop(j.id);
      await new Promise((r) => setTimeout(r, 20));
      const next = await tech.repos.clock.start(j.id);
      await drain(tech.d);
      await desk.engine.syncNow();
      const cases: [string, Record<string, unknown>, number][] = [
        ['before the start', { id: row.id, stopped_at: later(row.started_at, -60_000) }, 409],
        ['in the future', { id: row.id, stopped_at: later(new Date().toISOString(), 3_600_000) }, 409],
        ['past the next stretch', { id: row.id, stopped_at: later(next.started_at, 5) }, 409],
        ['a stretch not there', { id: newId(), stopped_at: new Date().toISOString() }, 404],
        ['no stop', { id: row.id }, 400],
      ];
      for (const [what, body, status] of cases) {
        const device = await refusal(deskRepos.clock.mend(String(body.id), String(body.stopped_at ?? '')));
        const server = await s.api('POST', '/v3/clock/mend', { token: deskUser.token, body: { data: body } });
        expect.soft([server.status, device], what).toEqual([status, server.body.message]);
      }
      expect(await desk.db.outbox.count()).toBe(0);
      const mine = await refusal(tech.repos.clock.mend(row.id, later(row.started_at, 5)));
      const server = await s.api('POST', '/v3/clock/mend', {
        token: tech.token,
        body: { data: { id: row.id, stopped_at: later(row.started_at, 5) } },
      });
      expect([mine, server.status]).toEqual([server.body.message, 403]);
      await tech.repos.clock.stop(j.id);
      await drain(tech.d);
    });
  },
);
