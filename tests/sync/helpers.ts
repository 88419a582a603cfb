import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { openLocalDb, type BayBookDB } from '../../src/local/db';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../src/sync/engine';
import { pull } from '../../src/sync/pull';
import { fetchTransport, type ApiRequestOptions, type Transport } from '../../src/sync/transport';
import { LocalWriteError } from '../../src/local/write';
import { createRepositories, type Repositories } from '../../src/local/repositories';
import { startServer, type TestServer } from '../helpers/server';
import { noteSentCall } from './writeCalls';
import { nth } from '../helpers/present';

/**
 * A transport whose server is `answer`: what it gives back is the 200 answer's JSON, read as fetchTransport reads a
 * real server's (the caller names the shape it expects, as the device's calls do); what it throws (an ApiError)
 * reaches the caller as a refusal or a lost link would.
 */
export function fakeTransport(answer: (method: string, path: string, opts: ApiRequestOptions) => unknown): Transport {
  return async <T>(method: string, path: string, opts: ApiRequestOptions = {}) => {
    const json = JSON.stringify(await answer(method, path, opts));
    return fetchTransport('http://server.test', async () => new Response(json, { status: 200 }))<T>(method, path, opts);
  };
}

/** One request a simulated device made. */
export interface NetCall {
  method: string;
  path: string;
  key: string | null;
  /** the status the server answered with (set even when the answer never reached the device) */
  answered?: number;
  /** the device stopped waiting (its timeout) before this request's answer arrived */
  gaveUp?: boolean;
}

/**
 * Latency for one request (ms): `request` until it reaches the server (a promise: until it settles), `response`
 * until the server's answer reaches the device. A request keeps going after the device gave up on it, as on a real
 * link: it can reach the server after the device has timed out and sent the same entry again.
 */
export interface Delay {
  request?: number | Promise<unknown>;
  response?: number;
}

/** A switchable network for one simulated device: down, up, slow, or up but losing the next N responses. */
export interface Net {
  fetch: typeof fetch;
  up: boolean;
  /** the server handles the next N mutating requests, but their responses never arrive */
  dropResponses: number;
  /** requests the device sent, in order */
  calls: NetCall[];
  /** runs after the server answered a mutating request; throwing loses the answer */
  afterResponse?: (call: { method: string; path: string; n: number }) => Promise<void> | void;
  /** latency per request (none when unset or when it returns undefined) */
  delay?: (call: NetCall) => Delay | undefined;
  /** times a request reached the server while another with the same Idempotency-Key was still being answered */
  overlaps: number;
  /** resolves when every request still on its way (delayed ones the device gave up on) has been answered */
  settle(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const NULL_BODY = new Set([101, 204, 205, 304]);

/** `p`, or a rejection with the signal's reason as soon as the signal aborts (what fetch does on a timeout). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal | null | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(signal.reason ?? new DOMException('This operation was aborted', 'AbortError'));
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export function makeNet(): Net {
  const inFlight = new Set<Promise<unknown>>();
  const atServer = new Map<string, number>();

  /** sends the request on to the server, counting twins (same key) that are there at the same time */
  async function reach(call: NetCall, send: () => Promise<Response>): Promise<Response> {
    const k = call.key;
    if (k) {
      const n = (atServer.get(k) ?? 0) + 1;
      atServer.set(k, n);
      if (n > 1) net.overlaps++;
    }
    try {
      const res = await send();
      call.answered = res.status;
      return res;
    } finally {
      if (k) atServer.set(k, atServer.get(k)! - 1);
    }
  }

  /** a delayed request: delivered to the server whatever the device does meanwhile, its answer held back */
  async function slow(
    call: NetCall,
    input: Parameters<typeof fetch>[0],
    init: RequestInit | undefined,
    d: Delay,
  ): Promise<Response> {
    const delivery = (async () => {
      if (typeof d.request === 'number' && d.request > 0) await sleep(d.request);
      else if (d.request) await d.request;
      const res = await reach(call, () => fetch(input, { ...init, signal: undefined }));
      return { res, body: await res.arrayBuffer() };
    })();
    inFlight.add(delivery);
    delivery.then(
      () => inFlight.delete(delivery),
      () => inFlight.delete(delivery),
    );
    const answer = delivery.then(async (r) => {
      if (d.response && d.response > 0) await sleep(d.response);
      return r;
    });
    const { res, body } = await untilAborted(answer, init?.signal, () => {
      call.gaveUp = true;
    });
    return new Response(NULL_BODY.has(res.status) ? null : body, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  }

  const net: Net = {
    up: true,
    dropResponses: 0,
    calls: [],
    overlaps: 0,
    async settle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    fetch: async (input, init) => {
      if (!net.up) throw new TypeError('fetch failed');
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      const method = (init?.method ?? 'GET').toUpperCase();
      const call: NetCall = { method, path: url.pathname + url.search, key: headers.get('idempotency-key') };
      net.calls.push(call);
      if (method !== 'GET') noteSentCall(method, url.pathname);
      const d = net.delay?.(call);
      let res: Response;
      if (d && (d.request || d.response)) {
        res = await slow(call, input, init, d);
      } else {
        res = await reach(call, () => fetch(input, init));
      }
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

export interface Device {
  name: string;
  db: BayBookDB;
  net: Net;
  engine: SyncEngine;
}

export function dbName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export function makeDevice(
  server: Pick<TestServer, 'url'> | string,
  name: string,
  extra: Partial<SyncEngineOptions> = {},
  db?: BayBookDB,
): Device {
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
export async function user(
  server: TestServer,
  level: number,
  username?: string,
): Promise<{ username: string; token: string; permission: number }> {
  const token = await server.userToken(level, username);
  const payload = JSON.parse(Buffer.from(nth(token.split('.'), 1), 'base64url').toString());
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

/** SPEC's Add Customer payload for a plate (a VIN made from it). */
export const customerForm = (plate: string) => ({
  VIN: `1HGCM82633A${plate.replace(/\W/g, '').padStart(6, '0').slice(-6)}`,
  'Registration Number': plate,
  'First name': 'Ann',
  'Last name': 'Lee',
  'Contact number': '8765551234',
  Email: '',
});

/** The server's state, read through the pull API by a fresh "auditor" device (every row exactly once). */
export async function auditDb(server: Pick<TestServer, 'url' | 'adminToken'>): Promise<BayBookDB> {
  const db = openLocalDb(dbName('audit'));
  await pull({ db, transport: fetchTransport(`${server.url}/api`), token: server.adminToken });
  return db;
}

/** A device signed in as the admin, after its first sync. */
export async function onlineDevice(server: TestServer, name: string): Promise<Device> {
  const d = makeDevice(server, name);
  await d.engine.signIn({ username: 'admin', permission: 5, token: server.adminToken });
  await d.engine.syncNow();
  return d;
}

/** A device signed in as a new member of `level` (another person than the admin), after its first sync. */
export async function memberDevice(server: TestServer, name: string, level: number) {
  const u = await user(server, level);
  const device = makeDevice(server, name);
  await device.engine.signIn(u);
  await device.engine.syncNow();
  return { device, username: u.username };
}

/**
 * A write made offline on the device, then synced: `read` of the device's rows before the sync and of the server's
 * after it (through a fresh auditor), for the catalogue's equality tests. Fails on any refused entry.
 */
export async function offlineThenServer<T>(
  d: Device,
  server: TestServer,
  read: (db: BayBookDB) => Promise<T>,
  write: () => Promise<unknown>,
): Promise<{ offline: T; server: T }> {
  d.net.up = false;
  await write();
  const offline = await read(d.db);
  d.net.up = true;
  await drain(d);
  if ((await d.db.conflicts.count()) > 0) throw new Error(`refused: ${JSON.stringify(await d.db.conflicts.toArray())}`);
  return { offline, server: await read(await auditDb(server)) };
}

/** What a device write answered: 'saved', or the words of its refusal (for the equality tests' refusal cases). */
export const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'saved',
    (e: unknown) => (e instanceof LocalWriteError ? e.message : String(e)),
  );

/** Two devices of one shop against one live server: the tablet in the bay and the front desk (issue 14's stories). */
export interface TwoDevices {
  readonly s: TestServer;
  readonly tablet: Device;
  readonly desk: Device;
  /** who is signed in on the tablet (the admin unless a level was given) */
  readonly tabletUser: string;
  readonly deskUser: string;
  /** the tablet's repositories */
  bay(): Repositories;
  /** the desk's repositories */
  front(): Repositories;
  /** The tablet writes offline, the desk online; the desk syncs, then the tablet reconnects and syncs. */
  meanwhile(bayWrite: () => Promise<unknown>, deskWrite: () => Promise<unknown>): Promise<void>;
}

/**
 * A live server of `kind` and two devices on it, each with its own IndexedDB, set up before the describe's tests and
 * closed after them: the tablet signed in as the admin (or as a new member of `levels.tablet`), the desk as a new
 * member of `levels.desk` — another person, so the conflicts name who changed what.
 */
export function twoDevices(
  kind: 'pglite' | 'postgres',
  prefix: string,
  levels: { desk: number; tablet?: number },
): TwoDevices {
  let pair: Omit<TwoDevices, 'bay' | 'front' | 'meanwhile'> | undefined;
  const get = () => {
    if (!pair) throw new Error('twoDevices: used before its beforeAll ran');
    return pair;
  };
  beforeAll(async () => {
    const s = await startServer(kind);
    const tablet = levels.tablet
      ? await memberDevice(s, `${prefix}-tablet`, levels.tablet)
      : { device: await onlineDevice(s, `${prefix}-tablet`), username: 'admin' };
    const desk = await memberDevice(s, `${prefix}-desk`, levels.desk);
    pair = { s, tablet: tablet.device, tabletUser: tablet.username, desk: desk.device, deskUser: desk.username };
  });
  afterAll(() => pair?.s.close());
  return {
    get s() {
      return get().s;
    },
    get tablet() {
      return get().tablet;
    },
    get desk() {
      return get().desk;
    },
    get tabletUser() {
      return get().tabletUser;
    },
    get deskUser() {
      return get().deskUser;
    },
    bay: () => createRepositories(get().tablet.db),
    front: () => createRepositories(get().desk.db),
    async meanwhile(bayWrite, deskWrite) {
      const { tablet, desk } = get();
      tablet.net.up = false;
      await bayWrite();
      await deskWrite();
      await drain(desk);
      tablet.net.up = true;
      await drain(tablet);
    },
  };
}

let sharedCount = 0;

/**
 * Two products (Pads at $45, Disc at $12.50, 20 of each in stock) and an active job's invoice for `hours` h at $50
 * with two pads, made on the tablet and pulled by both devices: the invoice two people then change.
 */
export async function sharedInvoice(two: TwoDevices, tag: string, hours = 2) {
  const n = `${tag} ${++sharedCount}`;
  const bay = two.bay();
  const p = (title: string, price: number) =>
    bay.products.add({ title: `${title} ${n}`, description: 'front', price, stock: 20, low_stock: 1 });
  const [a, b] = [await p('Pads', 4500), await p('Disc', 1250)];
  const cid = await bay.customers.add(customerForm(n));
  const job = await bay.jobs.create({ customer: (await bay.customers.get(cid))!, service: ['Brakes'], mileage: 10 });
  await bay.jobs.setStatus(job.id, 'active');
  const inv = await bay.invoices.create(job.id, { work_hour: hours, rate_hour: 5000 }, [{ ...a, qty: 2 }]);
  await drain(two.tablet);
  await drain(two.desk);
  return { inv, a, b };
}

/**
 * The shop's tax (issue 18) set from a device, online, as the Config screen sets it: the rate in percent (0 = none)
 * and whether prices include it. Returns the call that puts it back to none.
 */
export async function setTax(d: Device, rate: number, inclusive = false): Promise<() => Promise<void>> {
  const repos = createRepositories(d.db);
  const rows = await repos.config.list();
  const row = (name: string) => rows.find((c) => c.name === name)!;
  const set = async (amount: number, yes: boolean) => {
    const r = row('tax_rate');
    await repos.config.edit({ id: r.id, description: r.description, amount });
    const inc = row('tax_inclusive');
    await repos.config.edit({ id: inc.id, description: yes ? 'yes' : 'no', amount: null });
    await drain(d);
  };
  await set(rate, inclusive);
  return () => set(0, false);
}
