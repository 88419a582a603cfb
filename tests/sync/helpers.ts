import { randomBytes } from 'node:crypto';
import { openLocalDb, type BayBookDB } from '../../src/local/db';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../src/sync/engine';
import type { TestServer } from '../helpers/server';

/** A switchable network for one simulated device: down, up, or up but losing the next N responses. */
export interface Net {
  fetch: typeof fetch;
  up: boolean;
  /** the server handles the next N mutating requests, but their responses never arrive */
  dropResponses: number;
  /** requests that reached the server, by method */
  calls: { method: string; path: string; key: string | null }[];
  /** runs after the server answered a mutating request; throwing loses the answer */
  afterResponse?: (call: { method: string; path: string; n: number }) => Promise<void> | void;
}

export function makeNet(): Net {
  const net: Net = {
    up: true,
    dropResponses: 0,
    calls: [],
    fetch: async (input, init) => {
      if (!net.up) throw new TypeError('fetch failed');
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      const method = (init?.method ?? 'GET').toUpperCase();
      net.calls.push({ method, path: url.pathname + url.search, key: headers.get('idempotency-key') });
      const res = await fetch(input, init);
      if (method !== 'GET' && net.afterResponse) {
        const n = net.calls.filter((c) => c.method !== 'GET').length;
        try {
          await net.afterResponse({ method, path: url.pathname, n });
        } catch (err) {
          await res.arrayBuffer().catch(() => undefined);
          throw err;
        }
      }
      if (method !== 'GET' && net.dropResponses > 0) {
        net.dropResponses--;
        await res.arrayBuffer();
        throw new TypeError('fetch failed: the connection dropped before the answer');
      }
      return res;
    },
  };
  return net;
}

/** Mulberry32: a small seeded PRNG, so a failing random run can be replayed from its printed seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Device {
  name: string;
  db: BayBookDB;
  net: Net;
  engine: SyncEngine;
}

export function dbName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export function makeDevice(server: Pick<TestServer, 'url'> | string, name: string, extra: Partial<SyncEngineOptions> = {}, db?: BayBookDB): Device {
  const net = makeNet();
  const database = db ?? openLocalDb(dbName(name));
  const url = typeof server === 'string' ? server : server.url;
  const engine = createSyncEngine({
    db: database,
    baseUrl: `${url}/api`,
    fetch: net.fetch,
    intervalMs: 0,
    events: null,
    backgroundSync: false,
    healthTimeoutMs: 2000,
    timeoutMs: 10_000,
    random: () => 0,
    ...extra,
  });
  return { name, db: database, net, engine };
}

/** Username and token of a fresh user of the given level (logged in through the API). */
export async function user(server: TestServer, level: number, username?: string): Promise<{ username: string; token: string; permission: number }> {
  const token = await server.userToken(level, username);
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return { username: payload.username, token, permission: level };
}

/** Syncs until the outbox is empty (or `tries` cycles ran). */
export async function drain(d: Device, tries = 10) {
  for (let i = 0; i < tries; i++) {
    await d.engine.syncNow();
    const left = await d.db.outbox.filter((e) => e.state === 'pending' || e.state === 'sending').count();
    if (left === 0) return;
  }
}
