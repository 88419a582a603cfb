import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getMeta } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { isFieldConflict } from '../../src/sync/decisions';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES } from '../helpers/server';
import { auditDb, customerForm, drain, twoDevices } from './helpers';

/**
 * Issue 14, a note on a job closed since: the bay's technician writes the service note and the comment offline
 * while the front desk cancels the job. A final job takes no update (SPEC §4 'Cannot update final requests', level 5
 * only moves its status), so neither note lands — but neither is refused and lost: each waits in the tablet's
 * "Needs your decision" list with who closed the job. Keep theirs drops it (logged); once a level-5 user reopens the
 * job, use mine sends it and it lands.
 */
describe.each(DATABASES)('a note written offline on a job closed since (%s)', (kind) => {
  const two = twoDevices(kind, 'final', { tablet: 3, desk: 4 });

  it('waits for a decision instead of being refused; keep theirs drops it, use mine after a reopen lands', async () => {
    const repos = createRepositories(two.desk.db);
    const cid = await repos.customers.add(customerForm('FN 7001'));
    const job = await repos.jobs.create({
      customer: (await repos.customers.get(cid))!,
      service: ['Brakes'],
      mileage: 5,
    });
    await drain(two.desk);
    await drain(two.tablet);

    two.tablet.net.up = false;
    const bay = createRepositories(two.tablet.db).jobs;
    await bay.serviceNote(job.id, 'Rotors scored, replace next visit');
    await bay.comment(job.id, 'Brakes checked');
    await repos.jobs.cancel(job.id);
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);

    const audit = await auditDb(two.s);
    expect(await audit.jobs.get(job.id)).toMatchObject({ status: 'canceled', service_note: '', comment: '' });
    // nothing refused: both notes are in the list, each with who closed the job, on which device
    expect(await two.tablet.db.conflicts.filter((c) => !isFieldConflict(c)).toArray()).toEqual([]);
    const decisions = await two.tablet.engine.conflicts.decisions();
    const deskCode = await getMeta<string>(two.desk.db, 'deviceCode', '');
    expect(decisions.map((c) => c.field).sort((a, b) => a.field.localeCompare(b.field))).toMatchObject([
      { field: 'comment', mine: 'Brakes checked', theirs: '', reason: 'blocked', by: two.deskUser, device: deskCode },
      {
        field: 'service_note',
        mine: 'Rotors scored, replace next visit',
        theirs: '',
        reason: 'blocked',
        by: two.deskUser,
      },
    ]);
    expect((await two.tablet.db.jobs.get(job.id))?.status).toBe('canceled');

    // the comment: keep theirs, and the activity log says what was dropped and by whom
    const comment = decisions.find((c) => c.field.field === 'comment')!;
    await two.tablet.engine.conflicts.decide(comment.id, 'theirs');
    // the note: a level-5 user reopens the job (SPEC: level 5 may move a final job), then the bay uses its note
    const reopen = await two.s.api('PUT', '/job-action/status', { body: { data: { id: job.id, status: 'active' } } });
    expect(reopen.status).toBe(200);
    await drain(two.tablet);
    expect((await two.tablet.db.jobs.get(job.id))?.status).toBe('active');
    const note = decisions.find((c) => c.field.field === 'service_note')!;
    await two.tablet.engine.conflicts.decide(note.id, 'mine');
    await drain(two.tablet);

    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    expect(await two.tablet.db.conflicts.filter((c) => !isFieldConflict(c)).toArray()).toEqual([]);
    expect(await (await auditDb(two.s)).jobs.get(job.id)).toMatchObject({
      status: 'active',
      service_note: 'Rotors scored, replace next visit',
      comment: '',
    });
    const lines = await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, note.field.record));
    expect(lines.map((l) => [l.username, l.predicate])).toEqual(
      expect.arrayContaining([
        [two.tabletUser, 'Comment for customer conflict decided on a device: kept "(empty)", dropped "Brakes checked"'],
        [
          two.tabletUser,
          'Service note conflict decided on a device: sent "Rotors scored, replace next visit" over "(empty)"',
        ],
      ]),
    );
  });
});
