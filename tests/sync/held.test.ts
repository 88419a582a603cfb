import { describe, expect, it } from 'vitest';
import { openLocalDb, type OutboxEntry } from '../../src/local/db';
import { createSyncEngine, outboxSummary } from '../../src/sync/engine';
import { heldMessage } from '../../src/sync/status';
import { setUserToken, tokenUsableUntil } from '../../src/sync/tokens';
import { ApiError, type Transport } from '../../src/sync/transport';
import { dbName } from './helpers';
import { nth } from '../helpers/present';

/** A JWT-shaped token (the device reads, never verifies, the payload). */
const token = (username: string, expInSeconds: number) =>
  `x.${Buffer.from(JSON.stringify({ username, permission: 3, exp: Math.floor(Date.now() / 1000) + expInSeconds })).toString('base64url')}.y`;

let n = 0;
const entry = (actor: string, state: OutboxEntry['state'] = 'pending'): OutboxEntry => ({
  id: `held-${++n}`,
  method: 'PUT',
  path: '/configsheet/x',
  body: {},
  actor,
  deviceId: 'd',
  createdAt: new Date().toISOString(),
  attempts: 0,
  lastError: '',
  state,
  refs: [],
  touches: [],
  creates: [],
  dependsOn: [],
  label: `change ${n}`,
});

/** DESIGN.md: "3 changes wait for jdoe to sign in" — known on the device, from the tokens kept per user. */
describe('changes held for a sign-in, worked out without the network', () => {
  it('an offline cycle already names the user whose token ran out (pushPass never ran)', async () => {
    const db = openLocalDb(dbName('held-offline'));
    const offline: Transport = async () => {
      throw new ApiError('network', 'Network Error');
    };
    const engine = createSyncEngine({
      db,
      transport: offline,
      intervalMs: 0,
      events: null,
      backgroundSync: false,
      random: () => 0,
    });
    await setUserToken(db, 'jdoe', token('jdoe', -60));
    await setUserToken(db, 'kim', token('kim', 3600));
    await db.outbox.bulkAdd([entry('jdoe'), entry('jdoe'), entry('jdoe'), entry('kim')]);
    const report = await engine.syncNow();
    expect(report.online).toBe(false);
    // nothing was marked held (the push never ran) …
    expect(await db.outbox.where('state').equals('held').count()).toBe(0);
    // … and still the status says who must sign in
    const st = engine.status.get();
    expect(st.waiting).toBe(4);
    expect(st.heldFor).toEqual([{ username: 'jdoe', count: 3 }]);
    expect(heldMessage(nth(st.heldFor, 0))).toBe('3 changes wait for jdoe to sign in');
    engine.stop();
    db.close();
  });

  it('counts users without a token, skips entries being sent, releases users who signed in again, and says when to look again', async () => {
    const db = openLocalDb(dbName('held-summary'));
    const kimToken = token('kim', 600);
    await setUserToken(db, 'kim', kimToken);
    await db.outbox.bulkAdd([
      entry('kim'),
      entry('lee'),
      entry('lee', 'held'),
      entry('max', 'sending'),
      entry('zoe', 'rejected'),
    ]);
    const s = await outboxSummary(db);
    expect(s.waiting).toBe(4); // rejected entries are in the conflicts list, not waiting
    expect(s.heldFor).toEqual([{ username: 'lee', count: 2 }]);
    // kim's token is usable until 30 s before its exp: the summary changes then
    expect(s.recheckAt).toBe(tokenUsableUntil(kimToken));
    // ten minutes on, kim's changes wait for kim too
    const later = await outboxSummary(db, Date.now() + 600_000);
    expect(later.heldFor).toEqual([
      { username: 'kim', count: 1 },
      { username: 'lee', count: 2 },
    ]);
    expect(later.recheckAt).toBeNull();
    // lee signs in on this device: even the entry the engine had marked held no longer waits for anyone
    await setUserToken(db, 'lee', token('lee', 600));
    expect((await outboxSummary(db)).heldFor).toEqual([]);
    db.close();
  });
});
