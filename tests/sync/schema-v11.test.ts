import { describe, expect, it } from 'vitest';
import { BayBookDB } from '../../src/local/db';
import { logPages } from '../../src/local/repositories/logPages';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';

/** An activity-log line as version 10 stored it: no done_at, no done_key. */
interface OldLine {
  id: string;
  category: string;
  subject: string;
  predicate: string;
  username: string;
  created_at: string;
  word_keys: string[];
}

/**
 * Version 11 (issue 30): the Activity Log is ordered by when each line was done (`[done_key+id]`). The lines a device
 * already holds keep their places (their key is their created_at), every row and the outbox stay.
 */
describe('device database version 11 (issue 30: the Activity Log by when it was done)', () => {
  it('keys each stored line by its created_at, keeps every line and the outbox, and pages them as before', async () => {
    const name = dbName('schema-v11');
    const v10 = new BayBookDB(name, { upTo: 10 });
    await v10.open();
    const line = (id: string, created_at: string): OldLine => ({
      id,
      category: 'system',
      subject: `Team member ${id}`,
      predicate: 'added with permission 3',
      username: 'boss',
      created_at,
      word_keys: ['TEAM'],
    });
    const stored = [line('l1', '2026-03-01T10:00:00.000Z'), line('l2', '2026-03-01T11:00:00.000Z')];
    await v10.table<OldLine, string>('sys_log').bulkPut(stored);
    const entry = queuedEntry({ id: 'q1', actor: 'admin' });
    await v10.outbox.add(entry);
    v10.close();

    const v11 = new BayBookDB(name, { upTo: 11 });
    await v11.open();
    try {
      expect(v11.verno).toBe(11);
      const rows = await v11.sys_log.orderBy('id').toArray();
      expect(rows.map((r) => r.done_key)).toEqual(stored.map((l) => l.created_at));
      expect(rows.map(({ done_key: _k, ...r }) => r)).toEqual(stored);
      expect(await v11.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
      const page = await logPages(v11).activityPage({ sort: 'created_at', desc: true, limit: 10 });
      expect(page.rows.map((r) => r.id)).toEqual(['l2', 'l1']);
    } finally {
      v11.close();
    }
  });
});
