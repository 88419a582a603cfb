import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { createRepositories } from '../../src/local/repositories';
import type { BayBookDB } from '../../src/local/db';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { customerForm, drain, offlineThenServer, onlineDevice, refusal, type Device } from './helpers';
import { nth } from '../helpers/present';

/**
 * The job moves of the catalogue (src/domain/writes/jobs.ts) run once on the device, offline, and once on the server
 * when the outbox arrives: the same job row on both, and the same refusal in the same words. The time stamps are each
 * side's own clock (the call carries no time), so they are compared as present or absent.
 */
async function jobRow(db: BayBookDB, id: string) {
  const j = await db.jobs.get(id);
  return (
    j && {
      status: j.status,
      technician: j.technician,
      comment: j.comment,
      service_note: j.service_note,
      active: !!j.active_at,
      complete: !!j.complete_at && !j.complete_at.startsWith('0000'),
    }
  );
}

describe.each(DATABASES)('job moves: the device and the server store the same job (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  let tech = '';
  let plate = 9100;
  beforeAll(async () => {
    s = await startServer(kind);
    tech = JSON.parse(Buffer.from(nth((await s.userToken(3)).split('.'), 1), 'base64url').toString()).username;
    d = await onlineDevice(s, 'job-writes');
    repos = createRepositories(d.db);
  });
  afterAll(() => s?.close());

  async function newJob() {
    const cid = await repos.customers.add(customerForm(`JW ${plate++}`));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Brakes'],
      mileage: 10,
    });
    await drain(d);
    return job.id;
  }

  async function sameJob(id: string, moves: () => Promise<unknown>) {
    const { offline, server } = await offlineThenServer(d, s, (db) => jobRow(db, id), moves);
    expect(offline).toEqual(server);
    return offline;
  }

  it('received → active with a technician and both notes: the same row', async () => {
    const id = await newJob();
    const row = await sameJob(id, async () => {
      await repos.jobs.setStatus(id, 'received');
      await repos.jobs.setStatus(id, 'active', 'lift 2');
      await repos.jobs.assign(id, tech);
      await repos.jobs.comment(id, 'Pads were worn to the metal');
      await repos.jobs.serviceNote(id, 'Check the rotors next time');
    });
    expect(row).toMatchObject({ status: 'active', technician: tech, active: true, complete: false });
  });

  it('a status the job already has, and the technician it already has: nothing sent, nothing changed', async () => {
    const id = await newJob();
    await repos.jobs.setStatus(id, 'active');
    await repos.jobs.assign(id, tech);
    await drain(d);
    const before = await d.db.outbox.count();
    await repos.jobs.setStatus(id, 'active');
    expect(await repos.jobs.assign(id, tech)).toBeNull();
    expect(await d.db.outbox.count()).toBe(before);
    expect(
      (await s.api('PUT', '/job-action/status', { body: { data: { id, status: 'active' } } })).body.message,
    ).toMatch(/is already active$/);
  });

  it('a cancel: the same row', async () => {
    const id = await newJob();
    expect(await sameJob(id, () => repos.jobs.cancel(id))).toMatchObject({ status: 'canceled' });
  });

  it('a service-log entry as typed, then its delete: the same entries (the words trimmed, as the schema casts them)', async () => {
    const id = await newJob();
    const entries = (db: BayBookDB) =>
      db.service_log
        .filter((r) => r.job_id === id)
        .toArray()
        .then((rows) => rows.map((r) => ({ id: r.id, message: r.message, username: r.username })));
    const added = await offlineThenServer(d, s, entries, () => repos.jobs.addLog(id, '  Pads worn to 2 mm  '));
    expect(added.offline).toEqual(added.server);
    expect(added.offline).toMatchObject([{ message: 'Pads worn to 2 mm' }]);
    const entry = added.offline[0]!.id;
    const removed = await offlineThenServer(d, s, entries, () => repos.jobs.removeLog(entry));
    expect(removed).toEqual({ offline: [], server: [] });
    // an entry not there (deleted since): refused at once on the device, in the words of the server's 404
    const gone = await refusal(repos.jobs.removeLog(entry));
    const serverGone = await s.api('DELETE', '/service-log', { body: { data: { id: entry } } });
    expect([serverGone.status, gone]).toEqual([404, serverGone.body.message]);
    expect(await d.db.outbox.count()).toBe(0);
    const blank = await refusal(repos.jobs.addLog(id, '   '));
    const server = await s.api('POST', '/service-log', { body: { data: { id, value: '   ' } } });
    expect([server.status, blank]).toEqual([400, server.body.message]);
    expect(blank).toBe(MSG.writeSomething);
  });

  it('a refusal says the same words on the device and on the server', async () => {
    const id = await newJob();
    await repos.jobs.setStatus(id, 'active');
    await drain(d);
    const completing = await refusal(repos.jobs.setStatus(id, 'complete'));
    const server = await s.api('PUT', '/job-action/status', { body: { data: { id, status: 'complete' } } });
    expect([server.status, completing]).toEqual([400, server.body.message]);
    expect(completing).toBe(MSG.invoiceRequired);
    await repos.jobs.cancel(id);
    await drain(d);
    const note = await refusal(repos.jobs.comment(id, 'too late'));
    const serverNote = await s.api('PUT', '/job-action/comment', { body: { data: { id, value: 'too late' } } });
    expect([serverNote.status, note]).toEqual([400, serverNote.body.message]);
    expect(note).toBe(MSG.cannotUpdateFinal);
    // canceled twice is the same edit made twice (issue 14): nothing to send, and the server answers 200 too
    expect((await repos.jobs.cancel(id)).status).toBe('canceled');
    expect(await d.db.outbox.count()).toBe(0);
    expect((await s.api('PUT', '/job-action/cancel', { body: { data: { id } } })).status).toBe(200);
  });
});
