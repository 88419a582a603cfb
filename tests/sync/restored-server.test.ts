import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { forgetIdentity } from '../../src/server/backup';
import { pgliteExtensions } from '../../src/server/db/client';
import { getMeta } from '../../src/local/db';
import { getDeviceId } from '../../src/local/write';
import { listenLive } from '../../src/sync/live';
import { getCursor } from '../../src/sync/pull';
import { DATABASES } from '../helpers/server';
import { startDiskServer, type DiskServer } from './diskServer';
import { auditDb, customerForm, drain, makeDevice, type Device } from './helpers';
import { apiAt } from '../helpers/request';
import { nth } from '../helpers/present';

/**
 * Issue 16: a server restored from a backup has a shorter change log than the devices pulled. A device ahead of the
 * backup notices (the change at its cursor is not the one it pulled, src/sync/pullReset.ts), pulls everything again
 * and keeps its outbox; a device that pulled no further than the backup goes on from its cursor.
 */
describe.each(DATABASES)('a server restored from a backup, on %s', (kind) => {
  let s: DiskServer;
  const copy = mkdtempSync(join(tmpdir(), 'baybook-backup-'));
  let dbName = '';
  const admin = async () => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    return c;
  };

  /** the whole database as it is now, taken with the servers stopped (a PGlite data dir, a PostgreSQL database) */
  async function backup() {
    await s.stop();
    if (kind === 'pglite') {
      rmSync(copy, { recursive: true, force: true });
      cpSync(s.dir, copy, { recursive: true });
    } else {
      const c = await admin();
      await c.query(`drop database if exists ${dbName}_bk`);
      await c.query(`create database ${dbName}_bk template ${dbName}`);
      await c.end();
    }
    await s.restart();
  }
  async function restore() {
    await s.stop();
    if (kind === 'pglite') {
      rmSync(s.dir, { recursive: true, force: true });
      cpSync(copy, s.dir, { recursive: true });
      // what `npm run restore` does besides putting the files back (src/server/backup.ts)
      const pg = new PGlite(join(s.dir, 'pg'), { extensions: await pgliteExtensions() });
      await forgetIdentity(pg);
      await pg.close();
    } else {
      const c = await admin();
      await c.query(`drop database ${dbName}`);
      await c.query(`create database ${dbName} template ${dbName}_bk`);
      await c.end();
    }
    await s.restart();
  }

  beforeAll(async () => {
    s = await startDiskServer(kind);
    if (kind === 'postgres') {
      const { rows } = (await s.database.db.execute(sql`select current_database() as name`)) as {
        rows: { name: string }[];
      };
      dbName = nth(rows, 0).name;
    }
  });
  afterAll(async () => {
    await s?.dispose();
    if (kind === 'postgres') {
      const c = await admin();
      await c.query(`drop database if exists ${dbName}_bk`);
      await c.end();
    }
    rmSync(copy, { recursive: true, force: true });
  });

  /** whether the device's live stream asks it to sync within a few seconds of opening */
  const liveKicks = (d: Device) =>
    new Promise<boolean>((resolve) => {
      const done = (kicked: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(kicked);
      };
      const timer = setTimeout(() => done(false), 3000);
      const stop = listenLive({ db: d.db, baseUrl: `${s.url}/api`, fetch: d.net.fetch, kick: () => done(true) });
    });
  const plates = async (db: BayBookDB) => (await db.customers.toArray()).map((c) => String(c.registration)).sort();
  const online = async (name: string): Promise<Device> => {
    const d = makeDevice(s.url, name);
    await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    await d.engine.syncNow();
    return d;
  };

  it('re-pulls everything on a device that was ahead of the backup, keeping what it had queued', async () => {
    const ahead = await online('ahead');
    const behind = await online('behind');
    await createRepositories(ahead.db).customers.add(customerForm('BK 1'));
    await drain(ahead);
    await behind.engine.syncNow();
    await backup();
    const atBackup = await getCursor(behind.db);

    // after the backup: two customers the restore will lose, pulled by `ahead`; then one queued offline
    for (const plate of ['LOST 1', 'LOST 2']) await createRepositories(ahead.db).customers.add(customerForm(plate));
    await drain(ahead);
    const aheadCursor = await getCursor(ahead.db);
    expect(aheadCursor).toBeGreaterThan(atBackup);
    ahead.net.up = false;
    await createRepositories(ahead.db).customers.add(customerForm('QUEUED 1'));
    const early = await online('early');

    await restore();
    // right after the restore the server has no change at `early`'s cursor at all; the live stream's first event
    // (the head, behind the cursor) makes the device pull at once, as its next poll would
    expect(await liveKicks(early)).toBe(true);
    expect((await early.engine.syncNow()).pull?.restarted).toBe(true);
    // (it registered again with its code, a change of its own to pull) then nothing more to pull: no call to sync
    await early.engine.syncNow();
    expect(await liveKicks(early)).toBe(false);
    expect(await plates(early.db)).toEqual(await plates(await auditDb(s)));
    expect(await plates(early.db)).not.toContain('LOST 1');
    // the restored server logs more changes than were lost: its head passes the device's cursor, so only the mark
    // of the change at the cursor tells the device its history is gone
    const after = makeDevice(s.url, 'after');
    await after.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    const repos = createRepositories(after.db);
    for (let i = 0; i <= aheadCursor - atBackup; i++) await repos.customers.add(customerForm(`NEW ${i}`));
    await drain(after);
    const server = await auditDb(s);
    expect(await getCursor(server)).toBeGreaterThan(aheadCursor);

    // the queued customer reaches the server but its answer is lost: the entry is still queued while the pull runs
    ahead.net.up = true;
    ahead.net.dropResponses = 1;
    const first = await ahead.engine.syncNow();
    expect(first.pull?.restarted).toBe(true);
    expect(await ahead.db.outbox.count()).toBe(1);
    expect(await plates(ahead.db)).toContain('QUEUED 1');
    expect(await plates(ahead.db)).not.toContain('LOST 1');
    await drain(ahead);
    expect(await ahead.db.outbox.count()).toBe(0);
    expect(await ahead.db.conflicts.count()).toBe(0);

    const now = await auditDb(s);
    const expected = await plates(now);
    expect(expected).toEqual(expect.arrayContaining(['BK 1', 'QUEUED 1', 'NEW 0']));
    expect(expected).not.toContain('LOST 2');
    // sent once: the second sending was answered from the first's idempotency key
    expect(expected.filter((p) => p === 'QUEUED 1')).toHaveLength(1);
    expect(await plates(ahead.db)).toEqual(expected);
    expect(await getCursor(ahead.db)).toBe(await getCursor(now));

    // the device that pulled no further than the backup goes on from its cursor
    const report = await behind.engine.syncNow();
    expect(report.pull?.restarted).toBeUndefined();
    expect(behind.net.calls.filter((c) => c.path.includes('/sync/changes?since=0&'))).toHaveLength(1);
    expect(await plates(behind.db)).toEqual(expected);
  });

  it('never hands out again a code it gave a device after the backup, and gives a device back the code it holds', async () => {
    const register = (deviceId: string, claim?: string) =>
      apiAt(s.url, () => s.adminToken)<{ code: string }>('POST', '/v3/devices', {
        body: { data: { device_id: deviceId, ...(claim ? { code: claim } : {}) } },
      }).then((r) => r.body.code);

    await backup();
    // registered after the backup: one device syncs again after the restore, the other never comes back
    const returning = await online('returning');
    const lost = [(await getMeta<string | null>(returning.db, 'deviceCode', null))!, await register(uuidv7())];

    await restore();
    // the restored server noticed the restore (another database) before handing out the next code
    const fresh = await register(uuidv7());
    expect(lost).not.toContain(fresh);

    // the returning device finds the server's history gone, and registers again with the code it holds: it keeps it
    expect((await returning.engine.syncNow()).pull?.restarted).toBe(true);
    expect(await getMeta(returning.db, 'deviceCode', null)).toBe(lost[0]);
    expect(await register(await getDeviceId(returning.db))).toBe(lost[0]);

    // a device claiming a code another device holds gets another one; a free code claimed is given back
    const taken = await register(uuidv7(), fresh);
    expect([...lost, fresh]).not.toContain(taken);
    expect(await register(uuidv7(), lost[1])).toBe(lost[1]);
    expect([...lost, fresh, taken]).not.toContain(await register(uuidv7()));
  });
});
