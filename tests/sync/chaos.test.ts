import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../src/domain/entities';
import { createRepositories } from '../../src/local/repositories';
import type { PaymentMethod } from '../../src/local/repositories/invoices';
import type { ConflictRow, Row } from '../../src/local/db';
import { derive } from '../../src/local/rows';
import { LocalWriteError } from '../../src/local/write';
import { SYNC_ENTITIES, type SyncEntityName } from '../../src/domain/sync';
import { customers, idempotency, invoices, jobs, products, transactions } from '../../src/server/db/schema';
import { SERVER_ONLY_COLUMNS } from '../../src/server/routes/sync';
import { startDiskServer, type DiskServer } from './diskServer';
import { prng } from '../helpers/prng';
import { DATABASES, INSTANCES } from '../helpers/server';
import { drain, makeDevice, type Delay, type Device, type NetCall } from './helpers';
import type { ChangesPage } from '../../src/sync/pullTypes';
import { apiAt } from '../helpers/request';
import { nth } from '../helpers/present';

/**
 * Chaos sync (issue "Reliability"): three devices, each with its own IndexedDB and sync engine, making random
 * mutations across customers, jobs, invoices, payments and stock while the link is cut, slow, answers are lost
 * after the server applied them or come back after the device stopped waiting, requests reach the server after the
 * device gave up on them (so a retry overtakes or overlaps its slow first attempt), and the server restarts at
 * random points. At the end:
 *   - every queued mutation was applied exactly once, or refused into a conflicts list properly: a 4xx with the
 *     server's message (the same one it stored under the key), or "not sent" because a change it needed was refused
 *     — never "the server could not apply this change" (a mutation lost to the chaos);
 *   - the server's rows are the applied mutations: new customer/job/invoice/product/transaction rows = the ids of the
 *     applied creating calls, each invoice once on its job, each payment as sent, and each product's stock = its
 *     starting stock + Σ applied receives − Σ applied sold quantities;
 *   - the money balances (Σ payments = Σ invoice totals − Σ amounts due; each invoice's paid = its payments);
 *   - every device holds the server's rows, whole (every column, as the pull sends them), in every synced table.
 * Seeded (one random stream for the mutations, the link and the backoff jitter) with a fixed default, so CI repeats
 * the same run; BAYBOOK_SEED runs or replays another; BAYBOOK_CHAOS_OPS sets mutations per device (500 in
 * `npm run bench`). Runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
const OPS = Number(process.env.BAYBOOK_CHAOS_OPS ?? 60);
/** a fixed default, so CI runs the same mutations every time (the link's timing still varies a little) */
const DEFAULT_SEED = 20261124;
/** how long a device waits for an answer (ms); "late" requests and answers take longer than this */
const TIMEOUT = 400;

/** A queued body's fields as this test reads them back: the ids it follows, the rest compared as sent. */
interface QueuedData {
  id?: string;
  fetchedData?: { id?: string };
  productInvoice?: { id: string; qty: unknown }[];
  [field: string]: unknown;
}

interface Queued {
  device: string;
  method: string;
  path: string;
  // the body as the device queued it (SPEC's {data: ...})
  body: { data: QueuedData };
  creates: string[];
}

/** The server's rows as a device receives them: the whole change feed from the start, the last state of each row. */
async function pullEverything(url: string, token: string): Promise<Map<string, Map<string, Row>>> {
  const rows = new Map<string, Map<string, Row>>();
  for (let since = 0, more = true; more;) {
    const res = await apiAt(url)<ChangesPage>('GET', `/v3/sync/changes?since=${since}&limit=1000`, { token });
    expect(res.status).toBe(200);
    const page = res.body;
    for (const c of page.changes) {
      const table = rows.get(c.entity) ?? new Map<string, Row>();
      rows.set(c.entity, table);
      if (c.op === 'delete' || !c.row) table.delete(c.id);
      else table.set(c.id, c.row);
    }
    since = page.cursor;
    more = page.more;
  }
  return rows;
}

/**
 * Keys the device adds to a row (the pull seq, the search keys of src/local/rows.ts derive()) are not the row's, and
 * the server's own columns (SERVER_ONLY_COLUMNS, the feed's one list) are not the device's.
 */
const notShared = (entity: SyncEntityName) =>
  new Set<string>([
    '_seq',
    ...Object.keys(derive(entity, { id: '' })).filter((k) => k !== 'id'),
    ...(SERVER_ONLY_COLUMNS[entity] ?? []),
  ]);
function normalise(entity: SyncEntityName, rows: Row[]): Row[] {
  const local = notShared(entity);
  return rows
    .map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !local.has(k))) as Row)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

describe('chaos sync: three devices, a flaky link, a restarting server', () => {
  let s: DiskServer;
  beforeAll(async () => {
    s = await startDiskServer(DATABASES[0], { instances: INSTANCES });
  });
  afterAll(() => s?.dispose());

  it('applies a payment once when its retry overlaps the slow first attempt at the server', async () => {
    const d = makeDevice(s.url, 'overlap', { timeoutMs: TIMEOUT, healthTimeoutMs: TIMEOUT });
    await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    const r = createRepositories(d.db);
    const cid = await r.customers.add({
      VIN: 'OVERLAP0000000001',
      'Registration Number': 'OV 1',
      'First name': 'Over',
      'Last name': 'Lap',
      'Contact number': '8765551234',
      Email: '',
    });
    const job = await r.jobs.create({
      customer: (await r.customers.get(cid))!,
      service: ['Full service'],
      mileage: 10,
    });
    const inv = await r.invoices.create(job.id, { work_hour: 1, rate_hour: 5000 }, []);
    await drain(d);
    expect(await d.db.outbox.count()).toBe(0);

    // the first attempt is held on the link past the device's timeout; the retry sets it free, so both arrive together
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    d.net.delay = (call) => {
      if (call.method !== 'POST' || call.path !== '/api/transaction') return undefined;
      if (++posts === 1) return { request: held };
      release();
      return undefined;
    };
    const pay = await r.invoices.pay(inv.id, 'cash', 1234);
    const first = await d.engine.syncNow();
    expect(first.push?.error).toBe('Request timeout.');
    expect(await d.db.outbox.count()).toBe(1);
    await d.engine.syncNow();
    await d.net.settle();
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.conflicts.count()).toBe(0);

    const attempts = d.net.calls.filter((c) => c.method === 'POST' && c.path === '/api/transaction');
    expect(attempts.map((c) => [c.answered, !!c.gaveUp])).toEqual([
      [200, true], // reached the server after the device gave up on it: answered, the answer unread
      [200, false],
    ]);
    // the retry is the same outbox entry: one Idempotency-Key for both attempts
    expect(nth(attempts, 0).key).toBeTruthy();
    expect(nth(attempts, 1).key).toBe(nth(attempts, 0).key);
    expect(d.net.overlaps).toBe(1);
    const db = s.database.db;
    expect(await db.select().from(transactions).where(eq(transactions.invoice_id, inv.id))).toEqual([
      expect.objectContaining({ id: pay.id, amount: 1234 }),
    ]);
    expect(
      await db
        .select()
        .from(idempotency)
        .where(inArray(idempotency.key, [nth(attempts, 0).key!])),
    ).toHaveLength(1);
    expect((await db.select().from(invoices).where(eq(invoices.id, inv.id)))[0]).toMatchObject({
      payment: 1234,
      total: 5000 - 1234,
    });
    expect(await d.db.invoices.get(inv.id)).toMatchObject({ payment: 1234, total: 5000 - 1234 });
  });

  it(`keeps every mutation once, loses none and balances the money (${OPS} mutations per device)`, async ({
    onTestFailed,
  }) => {
    const seed = Number(process.env.BAYBOOK_SEED ?? DEFAULT_SEED);
    console.log(`chaos seed: ${seed} (replay with BAYBOOK_SEED=${seed})`);
    onTestFailed(() =>
      console.error(
        `chaos FAILED with seed ${seed}: replay with BAYBOOK_SEED=${seed} (BAYBOOK_CHAOS_OPS=${OPS}, ${s.kind})`,
      ),
    );
    const rnd = prng(seed);
    const pick = <T>(xs: readonly T[]) => nth(xs, Math.floor(rnd() * xs.length));
    /**
     * Latency from the same stream: some mutating requests reach the server only after the device stopped waiting
     * (the retry may overtake or overlap them), some answers come back after it stopped waiting (applied, unread),
     * and some requests are slow but in time.
     */
    const lag = (call: NetCall): Delay | undefined => {
      const x = rnd();
      if (call.method !== 'GET' && x < 0.025) return { request: TIMEOUT * (1 + rnd()) };
      if (call.method !== 'GET' && x < 0.05) return { response: TIMEOUT * (1 + rnd()) };
      if (x < 0.12) return { request: rnd() * TIMEOUT * 0.3, response: rnd() * TIMEOUT * 0.3 };
      return undefined;
    };
    const devices: Device[] = ['A', 'B', 'C'].map((n) =>
      makeDevice(s.url, `chaos${n}`, { random: rnd, timeoutMs: TIMEOUT, healthTimeoutMs: TIMEOUT }),
    );
    const queued = new Map<string, Queued>();
    for (const d of devices) {
      d.db.outbox.hook('creating', (_pk, entry) => {
        queued.set(entry.id, {
          device: d.name,
          method: entry.method,
          path: entry.path,
          body: structuredClone(entry.body) as Queued['body'],
          creates: [...(entry.creates ?? [])],
        });
      });
      await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
      await d.engine.syncNow();
    }
    // the rows already on the server (the test above made some): what the chaos adds is counted from here
    const db0 = s.database.db;
    const before = {
      customers: new Set((await db0.select({ id: customers.id }).from(customers)).map((r) => r.id)),
      jobs: new Set((await db0.select({ id: jobs.id }).from(jobs)).map((r) => r.id)),
      invoices: new Set((await db0.select({ id: invoices.id }).from(invoices)).map((r) => r.id)),
      products: new Set((await db0.select({ id: products.id }).from(products)).map((r) => r.id)),
      transactions: new Set((await db0.select({ id: transactions.id }).from(transactions)).map((r) => r.id)),
    };
    // a shared shelf, known to every device before the chaos starts
    const shelf = createRepositories(nth(devices, 0).db).products;
    for (const title of ['Oil filter', 'Brake pads', 'Wiper blade'])
      await shelf.add({
        title: `${title} ${seed}`,
        description: 'chaos',
        price: 1000 + Math.floor(rnd() * 5000),
        stock: 3,
        low_stock: 1,
      });
    for (const d of devices) await d.engine.syncNow();
    for (const d of devices) await d.engine.syncNow();
    for (const d of devices) d.net.delay = lag;

    let localRefusals = 0;
    let restarts = 0;
    for (let step = 0; step < OPS * devices.length; step++) {
      const d = nth(devices, step % devices.length);
      const r = createRepositories(d.db);
      if (rnd() < 0.1) d.net.up = !d.net.up;
      if (rnd() < 0.05) d.net.dropResponses = 1;
      try {
        const op = rnd();
        if (op < 0.15) {
          await r.customers.add({
            VIN: `CH${seed % 1000}${d.name}${step}`.padEnd(17, '0').slice(0, 17),
            'Registration Number': `CH ${d.name}${step}`,
            'First name': 'Cha',
            'Last name': `Os${step}`,
            'Contact number': '8765551234',
            Email: '',
          });
        } else if (op < 0.3) {
          const cs = await d.db.customers.toArray();
          if (cs.length)
            await r.jobs.create({ customer: pick(cs), service: ['Full service'], mileage: Math.floor(rnd() * 100000) });
        } else if (op < 0.4) {
          const js = (await d.db.jobs.toArray()).filter((j) => j.status === 'received');
          if (js.length) await r.jobs.setStatus(pick(js).id, 'active');
        } else if (op < 0.55) {
          const js = (await d.db.jobs.toArray()).filter(
            (j) => (j.status === 'received' || j.status === 'active') && !(j.invoice ?? []).length,
          );
          const ps = await d.db.products.toArray();
          if (js.length) {
            const lines =
              rnd() < 0.6 && ps.length
                ? [(({ id, title, description, price }) => ({ id, title, description, price, qty: 1 }))(pick(ps))]
                : [];
            await r.invoices.create(
              pick(js).id,
              { work_hour: 0.5 + Math.floor(rnd() * 6) / 2, rate_hour: 4000 + Math.floor(rnd() * 4000) },
              lines,
            );
          }
        } else if (op < 0.65) {
          const ps = await d.db.products.toArray();
          if (ps.length) {
            const p = pick(ps);
            await r.invoices.sale(null, [
              { id: p.id, title: p.title, description: p.description, price: p.price, qty: 1 },
            ]);
          }
        } else if (op < 0.9) {
          const due = (await d.db.invoices.toArray()).filter((i) => i.total > 0);
          if (due.length) {
            const inv = pick(due);
            const amount = rnd() < 0.5 ? inv.total : Math.max(1, Math.floor(inv.total * rnd()));
            await r.invoices.pay(inv.id, pick(PAYMENT_METHODS) as PaymentMethod, amount);
          }
        } else {
          const ps = await d.db.products.toArray();
          if (ps.length) await r.products.receive(pick(ps).id, 1 + Math.floor(rnd() * 3));
        }
      } catch (err) {
        if (!(err instanceof LocalWriteError)) throw err;
        localRefusals++;
      }
      if (rnd() < 0.02) {
        await s.restart();
        restarts++;
      }
      if (rnd() < 0.3) await d.engine.syncNow();
    }

    for (const d of devices) {
      d.net.up = true;
      d.net.dropResponses = 0;
      d.net.delay = undefined;
    }
    // whatever is still on the link arrives before the devices sync for the last time
    for (const d of devices) await d.net.settle();
    for (let round = 0; round < 6; round++) for (const d of devices) await d.engine.syncNow();

    const db = s.database.db;
    const keys = await db.select().from(idempotency);
    const byKey = new Map(keys.map((k) => [k.key, k]));
    const conflicts = new Map<string, ConflictRow>();
    for (const d of devices) {
      expect(await d.db.outbox.count(), `${d.name}: outbox drained`).toBe(0);
      for (const c of await d.engine.conflicts.list()) {
        expect(conflicts.has(c.id), `${c.entry.label} refused on two devices`).toBe(false);
        conflicts.set(c.id, c);
      }
    }
    let applied = 0;
    let refusedByServer = 0;
    let refusedAsDependent = 0;
    for (const [id, q] of queued) {
      const stored = byKey.get(id);
      const what = `${q.device} ${q.method} ${q.path} (${id})`;
      if (stored?.status === 200) {
        applied++;
        expect(conflicts.has(id), `${what} applied yet listed as refused`).toBe(false);
        continue;
      }
      // not applied: it must be in a conflicts list as a proper refusal, never as "the server could not apply this
      // change" after repeated 5xx or a lost link (that would be a mutation lost to the chaos, not refused)
      const c = conflicts.get(id);
      expect(c, `${what} neither applied nor in a conflicts list`).toBeDefined();
      if (c!.dependsOnEntry) {
        // never sent: an earlier change it needed was refused (and is itself in a conflicts list)
        refusedAsDependent++;
        expect(c!.message, what).toMatch(/^Not sent: it depended on an earlier change that was refused \(".+": .+\)$/);
        expect(
          conflicts.has(c!.dependsOnEntry),
          `${what}: its parent ${c!.dependsOnEntry} is in no conflicts list`,
        ).toBe(true);
        expect(stored, `${what}: refused as a dependent, yet the server saw it`).toBeUndefined();
      } else {
        refusedByServer++;
        expect(c!.status, `${what}: refused with ${c!.status} ${c!.message}`).toBeGreaterThanOrEqual(400);
        expect(c!.status, `${what}: refused with ${c!.status} ${c!.message}`).toBeLessThan(500);
        expect(c!.message.trim(), `${what}: no message`).not.toBe('');
        expect(c!.message, what).not.toMatch(/could not apply this change/);
        // the refusal the server stored under the key is the one the device shows
        if (stored)
          expect({ status: stored.status, message: (stored.response as { message?: string }).message }, what).toEqual({
            status: c!.status,
            message: c!.message,
          });
      }
    }
    const calls = devices.flatMap((d) => d.net.calls);
    const gaveUp = calls.filter((c) => c.gaveUp);
    console.log(
      `chaos: ${queued.size} mutations queued, ${applied} applied once, ${refusedByServer} refused by the server with its message, ${refusedAsDependent} not sent (a change they needed was refused), ` +
        `${localRefusals} refused on the device, ${restarts} server restarts; ` +
        `${calls.length} requests, ${gaveUp.length} given up by the device (${gaveUp.filter((c) => c.answered).length} answered by the server all the same), ` +
        `${devices.reduce((n, d) => n + d.net.overlaps, 0)} retries overlapping their first attempt at the server`,
    );

    // --- exactly once: the server's rows are the applied mutations, each once ---------------------------------------
    const appliedEntries = [...queued].filter(([id]) => byKey.get(id)?.status === 200).map(([, q]) => q);
    const createdBy = (method: string, ...paths: string[]) =>
      appliedEntries
        .filter((q) => q.method === method && paths.includes(q.path))
        .map((q) => q.body.data.id as string)
        .sort();
    const added = async <T extends { id: string }>(rows: Promise<T[]>, was: Set<string>) =>
      (await rows).filter((r) => !was.has(r.id));
    const newCustomers = await added(db.select().from(customers), before.customers);
    const newJobs = await added(db.select().from(jobs), before.jobs);
    const newInvoices = await added(db.select().from(invoices), before.invoices);
    const newProducts = await added(db.select().from(products), before.products);
    const newTx = await added(db.select().from(transactions), before.transactions);
    expect(newCustomers.map((r) => r.id).sort(), 'customer rows = applied POST /customer').toEqual(
      createdBy('POST', '/customer'),
    );
    expect(newJobs.map((r) => r.id).sort(), 'job rows = applied POST /service').toEqual(createdBy('POST', '/service'));
    expect(newInvoices.map((r) => r.id).sort(), 'invoice rows = applied POST /invoice and /invoice-product').toEqual(
      createdBy('POST', '/invoice', '/invoice-product'),
    );
    expect(newProducts.map((r) => r.id).sort(), 'product rows = applied POST /v2/inventory/product').toEqual(
      createdBy('POST', '/v2/inventory/product'),
    );
    expect(newTx.map((r) => r.id).sort(), 'transaction rows = applied POST /transaction').toEqual(
      createdBy('POST', '/transaction'),
    );
    const paymentKeys = [...queued.keys()].filter(
      (id) => byKey.get(id)?.status === 200 && byKey.get(id)?.path === '/api/transaction',
    );
    const serverPayments = newTx.filter((t) => (PAYMENT_METHODS as readonly string[]).includes(t.method) && !t.deleted);
    expect(serverPayments).toHaveLength(paymentKeys.length);
    for (const t of serverPayments) {
      const sent = appliedEntries.find((q) => q.path === '/transaction' && q.body.data.id === t.id)!;
      expect({ amount: t.amount, method: t.method, invoice_id: t.invoice_id }, `payment ${t.number}`).toEqual({
        amount: sent.body.data.amount,
        method: sent.body.data.method,
        invoice_id: sent.body.data.invoice_id,
      });
    }
    // each applied invoice is on its job once
    for (const q of appliedEntries.filter((e) => e.method === 'POST' && e.path === '/invoice')) {
      const job = newJobs.find((j) => j.id === q.body.data.fetchedData?.id);
      expect(job, `job of invoice ${q.body.data.id}`).toBeDefined();
      expect(
        job!.invoice.filter((i) => i === q.body.data.id),
        `job #${job!.number} lists invoice ${q.body.data.id} once`,
      ).toHaveLength(1);
    }
    // stock = start + Σ applied receives − Σ applied sold quantities, for each product
    for (const p of newProducts) {
      let expected = 0;
      for (const q of appliedEntries) {
        const data = q.body.data;
        if (q.method === 'POST' && q.path === '/v2/inventory/product' && data.id === p.id)
          expected += Number(data.stock);
        else if (q.method === 'PUT' && q.path === '/v2/inventory/product' && data.id === p.id && data.receival)
          expected += Number(data.amount);
        else if (q.method === 'POST' && (q.path === '/invoice' || q.path === '/invoice-product')) {
          for (const line of data.productInvoice ?? []) if (line.id === p.id) expected -= Number(line.qty);
        }
      }
      expect(p.stock, `stock of ${p.title}`).toBe(expected);
    }

    // --- the money balances: Σ payments = Σ invoice totals − Σ amounts due; each invoice's paid = its payments -----
    const serverInvoices = await db.select().from(invoices);
    const livePayments = (await db.select().from(transactions)).filter(
      (t) => (PAYMENT_METHODS as readonly string[]).includes(t.method) && !t.deleted,
    );
    const paidSum = livePayments.reduce((n, t) => n + t.amount, 0);
    const totalsSum = serverInvoices.reduce((n, i) => n + Number(i.totals.total), 0);
    const dueSum = serverInvoices.reduce((n, i) => n + i.total, 0);
    expect(paidSum).toBe(totalsSum - dueSum);
    for (const inv of serverInvoices) {
      expect(inv.payment, `INV ${inv.number}`).toBe(
        livePayments.filter((t) => t.invoice_id === inv.id).reduce((n, t) => n + t.amount, 0),
      );
      expect(inv.total).toBeGreaterThanOrEqual(0);
    }
    for (const inv of newInvoices) {
      const sent = appliedEntries
        .filter((q) => q.path === '/transaction' && q.body.data.invoice_id === inv.id)
        .reduce((n, q) => n + Number(q.body.data.amount), 0);
      expect(inv.payment, `INV ${inv.number}: paid = Σ applied payment calls`).toBe(sent);
    }

    // --- every device holds the server's rows, whole, in every synced table --------------------------------------
    const server = await pullEverything(s.url, s.adminToken);
    let compared = 0;
    for (const d of devices) {
      for (const entity of SYNC_ENTITIES) {
        const local = normalise(entity, (await d.db.entity(entity).toArray()) as Row[]);
        const theirs = normalise(entity, [...(server.get(entity)?.values() ?? [])]);
        expect(local, `${d.name}: ${entity}`).toEqual(theirs);
        compared += theirs.length;
      }
    }
    console.log(
      `chaos: every device equals the server in ${SYNC_ENTITIES.length} tables (${compared / devices.length} rows each, compared whole)`,
    );
    expect(applied).toBeGreaterThan(OPS);
  }, 600_000);
});
