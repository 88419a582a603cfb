import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { openLocalDb } from '../src/local/db';
import { configRepository } from '../src/local/repositories/team';
import { createSyncEngine } from '../src/sync/engine';
import { pushPass } from '../src/sync/outbox';
import type { ChangesPage } from '../src/sync/pullTypes';
import { fetchTransport } from '../src/sync/transport';
import { startServer } from '../tests/helpers/server';
import { nth } from '../tests/helpers/present';

/**
 * `npx tsx bench/outbox-replay.ts`: how fast a device empties an outbox of 1,000 entries (BENCH_ENTRIES) against a
 * live server (PGlite, or PostgreSQL with DATABASE_URL), one entry at a time with its Idempotency-Key, and how fast
 * a second pass replays the same keys (the answers come from the idempotency table). fake-indexeddb in Node.
 */
const N = Number(process.env.BENCH_ENTRIES ?? 1000);
const s = await startServer(process.env.DATABASE_URL ? 'postgres' : 'pglite');
const db = openLocalDb(`bench-replay-${randomBytes(3).toString('hex')}`);
const engine = createSyncEngine({ db, baseUrl: `${s.url}/api`, intervalMs: 0, events: null, backgroundSync: false });
await engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
await engine.syncNow();

// configuration sheet edits: a cheap route, so the figure is the outbox and the HTTP round trip, not the route's
// own work (team member adds spend ~50 ms each hashing the password with scrypt)
const config = configRepository(db);
const settings = (await config.list()).filter((c) => c.amount !== null);
let t = performance.now();
for (let i = 0; i < N; i++) {
  const c = nth(settings, i % settings.length);
  await config.edit({ id: c.id, description: `${c.title} edit ${i}`, amount: 1 + (i % 97) });
}
const queueMs = performance.now() - t;
console.log(
  `queued ${N} entries locally in ${(queueMs / 1000).toFixed(2)} s (${Math.round(N / (queueMs / 1000))} writes/s: row + outbox entry per transaction)`,
);

const entries = await db.outbox.toArray();
const transport = fetchTransport(`${s.url}/api`);
t = performance.now();
const r = await pushPass({ db, transport, force: true });
const pushMs = performance.now() - t;
console.log(
  `replayed ${r.sent} entries in ${(pushMs / 1000).toFixed(2)} s: ${Math.round(r.sent / (pushMs / 1000))} entries/s (${(pushMs / r.sent).toFixed(1)} ms each), refused ${r.refused}`,
);

// the same keys again (a device that lost every answer): each is answered from the idempotency table
await db.outbox.bulkAdd(entries.map(({ seq: _s, ...e }) => ({ ...e, state: 'pending' as const, attempts: 0 })));
t = performance.now();
const again = await pushPass({ db, transport, force: true });
const againMs = performance.now() - t;
console.log(
  `re-sent the same ${again.sent} keys in ${(againMs / 1000).toFixed(2)} s: ${Math.round(again.sent / (againMs / 1000))} entries/s (stored answers, nothing applied twice)`,
);
let made = 0;
for (let cursor = 0, more = true; more;) {
  const page = await s.api<ChangesPage>('GET', `/v3/sync/changes?since=${cursor}&limit=1000`);
  made += page.body.changes.filter(
    (c) => c.entity === 'sys_log' && typeof c.row?.subject === 'string' && c.row.subject.startsWith('Setting'),
  ).length;
  cursor = page.body.cursor;
  more = page.body.more;
}
console.log(`server applied ${made} of ${N} edits (exactly once each: ${made === N})`);

t = performance.now();
await engine.syncNow();
console.log(`pull of the resulting changes: ${((performance.now() - t) / 1000).toFixed(2)} s`);
engine.stop();
db.close();
await s.close();
process.exit(made === N ? 0 : 1);
