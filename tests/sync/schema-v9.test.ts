import { describe, expect, it } from 'vitest';
import { newRow } from '../../src/domain/model';
import { BayBookDB } from '../../src/local/db';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';

/** The job row this test leaves in version 8's store. */
interface OldJob {
  id: string;
  number: string;
  status: string;
  created_at: string;
}

/** Version 9 (issue 18): the time clock's table joins; every row and the outbox stay as they were. */
describe('device database version 9 (issue 18: the time clock)', () => {
  it('keeps every row and the outbox, and adds clock_entries with its indexes', async () => {
    const name = dbName('schema-v9');
    const v8 = new BayBookDB(name, { upTo: 8 });
    await v8.open();
    // a few of a job's fields are enough for version 8's store: the upgrade keeps the row as it is
    const job: OldJob = { id: 'j1', number: 'A1-1', status: 'active', created_at: '2026-03-01T10:00:00Z' };
    await v8.table<OldJob, string>('jobs').put(job);
    const entry = queuedEntry({ id: 'e1', actor: 'admin', refs: ['j1'] });
    await v8.outbox.add(entry);
    v8.close();

    const v9 = new BayBookDB(name, { upTo: 9 });
    await v9.open();
    try {
      expect(v9.verno).toBe(9);
      expect(await v9.jobs.toArray()).toEqual([job]);
      expect(await v9.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
      const started = '2026-03-01T10:05:00.000Z';
      const stretch = newRow(
        'clock_entries',
        { id: 'k1', job_id: 'j1', username: 'tech', started_at: started, stopped_at: null },
        started,
      );
      await v9.clock_entries.put(stretch);
      expect(await v9.clock_entries.where('job_id').equals('j1').toArray()).toEqual([stretch]);
      const mine = await v9.clock_entries.where('[username+started_at]').between(['tech', ''], ['tech', '\uffff']);
      expect(await mine.count()).toBe(1);
    } finally {
      v9.close();
    }
  });
});
