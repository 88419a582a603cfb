import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNCED_LATER_MS } from '../../src/domain/logs';
import { createRepositories } from '../../src/local/repositories';
import { users } from '../../src/server/db/schema';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { drain, onlineDevice, type Device } from './helpers';
import { nth } from '../helpers/present';

const MIN = 60_000;

/**
 * Issue 30: ten actions made offline 01:07–01:11 all read 01:12, the time they synced. A change queued offline keeps
 * the time the device made it: the server records it on the activity-log line beside its own time, the device pulls
 * both, and its Activity Log orders the line by when it was done.
 */
describe.each(DATABASES)('offline work in the Activity Log reads when it was done (%s)', (kind) => {
  let s: TestServer;
  let tablet: Device;

  beforeAll(async () => {
    s = await startServer(kind);
    // the admin has been a member for a day (a test server's image may be minutes old)
    await s.database.db
      .update(users)
      .set({ created_at: new Date(Date.now() - 24 * 60 * MIN) })
      .where(eq(users.username, 'admin'));
    tablet = await onlineDevice(s, 'done-at');
  });
  afterAll(() => s?.close());

  /** The tablet's pulled activity-log line about the supplier `bizname`. */
  const lineAbout = async (bizname: string) => {
    const lines = await tablet.db.sys_log.filter((l) => `${l.subject} ${l.predicate}`.includes(bizname)).toArray();
    expect(lines).toHaveLength(1);
    return nth(lines, 0);
  };

  it('a supplier added offline twenty minutes before the sync: done then, synced later, ordered by when done', async () => {
    const repos = createRepositories(tablet.db);
    // online first: done (and received) now
    await repos.products.addSupplier({ bizname: 'Online Parts' });
    await drain(tablet);

    tablet.net.up = false;
    await repos.products.addSupplier({ bizname: 'Offline Parts' });
    // the entry was made twenty minutes ago by the tablet's clock (the test does not wait twenty minutes)
    const entry = nth(await tablet.db.outbox.toArray(), 0);
    const madeAt = new Date(Date.now() - 20 * MIN).toISOString();
    await tablet.db.outbox.update(entry.seq!, { createdAt: madeAt });
    tablet.net.up = true;
    await drain(tablet);

    const offline = await lineAbout('Offline Parts');
    expect(offline.done_at).toBe(madeAt);
    expect(Date.parse(offline.created_at) - Date.parse(madeAt)).toBeGreaterThan(SYNCED_LATER_MS);
    const online = await lineAbout('Online Parts');
    // received first, but done after it: the log reads newest done first
    expect(Date.parse(online.created_at)).toBeLessThan(Date.parse(offline.created_at));
    const page = await repos.logs.activityPage({ sort: 'created_at', desc: true, limit: 50 });
    const ids = page.rows.map((r) => r.id);
    expect(ids.indexOf(online.id)).toBeLessThan(ids.indexOf(offline.id));
    expect(page.rows.find((r) => r.id === offline.id)).toMatchObject({
      done_at: madeAt,
      created_at: offline.created_at,
    });
  });
});
