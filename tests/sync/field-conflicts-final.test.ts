import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getMeta } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { isFieldConflict } from '../../src/sync/decisions';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { auditDb, customerForm, drain, makeDevice, user, type Device } from './helpers';

/**
 * Issue 14, a note on a job closed since: the bay's technician writes the service note and the comment offline
 * while the front desk cancels the job. A final job takes no update (SPEC §4 'Cannot update final requests', level 5
 * only moves its status), so neither note lands — but neither is refused and lost: each waits in the tablet's
 * "Needs your decision" list with who closed the job. Keep theirs drops it (logged); once a level-5 user reopens the
 * job, use mine sends it and it lands.
 */
describe.each(DATABASES)('a note written offline on a job closed since (%s)', (kind) => {
  let s: TestServer;
  let tablet: Device;
  let desk: Device;
  let deskUser = '';
  let techUser = '';
  beforeAll(async () => {
    s = await startServer(kind);
    const tech = await user(s, 3);
    techUser = tech.username;
    tablet = makeDevice(s, 'final-tablet');
    await tablet.engine.signIn(tech);
    const front = await user(s, 4);
    deskUser = front.username;
    desk = makeDevice(s, 'final-desk');
    await desk.engine.signIn(front);
    await Promise.all([tablet.engine.syncNow(), desk.engine.syncNow()]);
  });
  afterAll(() => s?.close());

  it('waits for a decision instead of being refused; keep theirs drops it, use mine after a reopen lands', async () => {
    const repos = createRepositories(desk.db);
    const cid = await repos.customers.add(customerForm('FN 7001'));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Brakes'],
      mileage: 5,
    });
    await drain(desk);
    await drain(tablet);

    tablet.net.up = false;
    const bay = createRepositories(tablet.db).jobs;
    await bay.serviceNote(job.id, 'Rotors scored, replace next visit');
    await bay.comment(job.id, 'Brakes checked');
    await repos.jobs.cancel(job.id);
    await drain(desk);
    tablet.net.up = true;
    await drain(tablet);

    const audit = await auditDb(s);
    expect(await audit.jobs.get(job.id)).toMatchObject({ status: 'canceled', service_note: '', comment: '' });
    // nothing refused: both notes are in the list, each with who closed the job, on which device
    expect(await tablet.db.conflicts.filter((c) => !isFieldConflict(c)).toArray()).toEqual([]);
    const decisions = await tablet.engine.conflicts.decisions();
    const deskCode = await getMeta<string>(desk.db, 'deviceCode', '');
    expect(decisions.map((c) => c.field).sort((a, b) => a.field.localeCompare(b.field))).toMatchObject([
      { field: 'comment', mine: 'Brakes checked', theirs: '', reason: 'blocked', by: deskUser, device: deskCode },
      { field: 'service_note', mine: 'Rotors scored, replace next visit', theirs: '', reason: 'blocked', by: deskUser },
    ]);
    expect((await tablet.db.jobs.get(job.id))?.status).toBe('canceled');

    // the comment: keep theirs, and the activity log says what was dropped and by whom
    const comment = decisions.find((c) => c.field.field === 'comment')!;
    await tablet.engine.conflicts.decide(comment.id, 'theirs');
    // the note: a level-5 user reopens the job (SPEC: level 5 may move a final job), then the bay uses its note
    const reopen = await s.api('PUT', '/job-action/status', { body: { data: { id: job.id, status: 'active' } } });
    expect(reopen.status).toBe(200);
    await drain(tablet);
    expect((await tablet.db.jobs.get(job.id))?.status).toBe('active');
    const note = decisions.find((c) => c.field.field === 'service_note')!;
    await tablet.engine.conflicts.decide(note.id, 'mine');
    await drain(tablet);

    expect(await tablet.engine.conflicts.decisions()).toEqual([]);
    expect(await tablet.db.conflicts.filter((c) => !isFieldConflict(c)).toArray()).toEqual([]);
    expect(await (await auditDb(s)).jobs.get(job.id)).toMatchObject({
      status: 'active',
      service_note: 'Rotors scored, replace next visit',
      comment: '',
    });
    const lines = await s.database.db.select().from(sysLog).where(eq(sysLog.subject, note.field.record));
    expect(lines.map((l) => [l.username, l.predicate])).toEqual(
      expect.arrayContaining([
        [techUser, 'Comment for customer conflict decided on a device: kept "(empty)", dropped "Brakes checked"'],
        [
          techUser,
          'Service note conflict decided on a device: sent "Rotors scored, replace next visit" over "(empty)"',
        ],
      ]),
    );
  });
});
