import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../src/domain/entities';
import type { InvoiceTotals } from '../../src/domain/entities';
import { createRepositories } from '../../src/local/repositories';
import type { PaymentMethod } from '../../src/local/repositories/invoices';
import { LocalWriteError } from '../../src/local/write';
import { customers, idempotency, invoices, jobs, products, transactions } from '../../src/server/db/schema';
import { startDiskServer, type DiskServer } from './diskServer';
import { drain, makeDevice, prng, type Delay, type Device, type NetCall } from './helpers';

/**
 * Chaos sync (issue "Reliability"): three devices, each with its own IndexedDB and sync engine, making random
 * mutations across customers, jobs, invoices, payments and stock while the link is cut, slow, answers are lost
 * after the server applied them or come back after the device stopped waiting, requests reach the server after the
 * device gave up on them (so a retry overtakes or overlaps its slow first attempt), and the server restarts at
 * random points. At the end every device holds the server's rows, every queued mutation was applied exactly once or
 * refused into a conflicts list with its message, and the money balances. Seeded (one random stream for the
 * mutations, the link and the backoff jitter): BAYBOOK_SEED replays a run; BAYBOOK_CHAOS_OPS sets mutations per
 * device (500 in `npm run bench`). Runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
const OPS = Number(process.env.BAYBOOK_CHAOS_OPS ?? 60);
/** how long a device waits for an answer (ms); "late" requests and answers take longer than this */
const TIMEOUT = 400;

describe('chaos sync: three devices, a flaky link, a restarting server', () => {
  let s: DiskServer;
  beforeAll(async () => {
    s = await startDiskServer();
  });
  afterAll(() => s?.dispose());

  it('applies a payment once when its retry overlaps the slow first attempt at the server', async () => {
    const d = makeDevice(s.url, 'overlap', { timeoutMs: TIMEOUT, healthTimeoutMs: TIMEOUT });
    await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
    const r = createRepositories(d.db);
    const cid = await r.customers.add({ VIN: 'OVERLAP0000000001', 'Registration Number': 'OV 1', 'First name': 'Over', 'Last name': 'Lap', 'Contact number': '8765551234', Email: '' });
    const job = await r.jobs.create({ customer: (await r.customers.get(cid))!, service: ['Full service'], mileage: 10 });
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
    expect(attempts[0].key).toBeTruthy();
    expect(attempts[1].key).toBe(attempts[0].key);
    expect(d.net.overlaps).toBe(1);
    const db = s.database.db;
    expect(await db.select().from(transactions).where(eq(transactions.invoice_id, inv.id))).toEqual([expect.objectContaining({ id: pay.id, amount: 1234 })]);
    expect(await db.select().from(idempotency).where(inArray(idempotency.key, [attempts[0].key!]))).toHaveLength(1);
    expect((await db.select().from(invoices).where(eq(invoices.id, inv.id)))[0]).toMatchObject({ payment: 1234, total: 5000 - 1234 });
    expect(await d.db.invoices.get(inv.id)).toMatchObject({ payment: 1234, total: 5000 - 1234 });
  });

  it(`keeps every mutation once, loses none and balances the money (${OPS} mutations per device)`, async ({ onTestFailed }) => {
    const seed = Number(process.env.BAYBOOK_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`chaos seed: ${seed} (replay with BAYBOOK_SEED=${seed})`);
    onTestFailed(() => console.error(`chaos FAILED with seed ${seed}: replay with BAYBOOK_SEED=${seed} (BAYBOOK_CHAOS_OPS=${OPS}, ${s.kind})`));
    const rnd = prng(seed);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
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
    const devices: Device[] = ['A', 'B', 'C'].map((n) => makeDevice(s.url, `chaos${n}`, { random: rnd, timeoutMs: TIMEOUT, healthTimeoutMs: TIMEOUT }));
    const queued = new Map<string, { device: string; path: string }>();
    for (const d of devices) {
      d.db.outbox.hook('creating', (_pk, entry) => {
        queued.set(entry.id, { device: d.name, path: entry.path });
      });
      await d.engine.signIn({ username: 'admin', permission: 5, token: s.adminToken });
      await d.engine.syncNow();
    }
    // a shared shelf, known to every device before the chaos starts
    const shelf = createRepositories(devices[0].db).products;
    for (const title of ['Oil filter', 'Brake pads', 'Wiper blade']) await shelf.add({ title: `${title} ${seed}`, description: 'chaos', price: 1000 + Math.floor(rnd() * 5000), stock: 3, low_stock: 1 });
    for (const d of devices) await d.engine.syncNow();
    for (const d of devices) await d.engine.syncNow();
    for (const d of devices) d.net.delay = lag;

    let localRefusals = 0;
    let restarts = 0;
    for (let step = 0; step < OPS * devices.length; step++) {
      const d = devices[step % devices.length];
      const r = createRepositories(d.db);
      if (rnd() < 0.1) d.net.up = !d.net.up;
      if (rnd() < 0.05) d.net.dropResponses = 1;
      try {
        const op = rnd();
        if (op < 0.15) {
          await r.customers.add({ VIN: `CH${seed % 1000}${d.name}${step}`.padEnd(17, '0').slice(0, 17), 'Registration Number': `CH ${d.name}${step}`, 'First name': 'Cha', 'Last name': `Os${step}`, 'Contact number': '8765551234', Email: '' });
        } else if (op < 0.3) {
          const cs = await d.db.customers.toArray();
          if (cs.length) await r.jobs.create({ customer: pick(cs), service: ['Full service'], mileage: Math.floor(rnd() * 100000) });
        } else if (op < 0.4) {
          const js = (await d.db.jobs.toArray()).filter((j) => j.status === 'received');
          if (js.length) await r.jobs.setStatus(pick(js).id, 'active');
        } else if (op < 0.55) {
          const js = (await d.db.jobs.toArray()).filter((j) => (j.status === 'received' || j.status === 'active') && !(j.invoice ?? []).length);
          const ps = await d.db.products.toArray();
          if (js.length) {
            const lines = rnd() < 0.6 && ps.length ? [(({ id, title, description, price }) => ({ id, title, description, price, qty: 1 }))(pick(ps))] : [];
            await r.invoices.create(pick(js).id, { work_hour: 0.5 + Math.floor(rnd() * 6) / 2, rate_hour: 4000 + Math.floor(rnd() * 4000) }, lines);
          }
        } else if (op < 0.65) {
          const ps = await d.db.products.toArray();
          if (ps.length) {
            const p = pick(ps);
            await r.invoices.sale(null, [{ id: p.id, title: p.title, description: p.description, price: p.price, qty: 1 }]);
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
    const conflicts = new Map<string, string>();
    for (const d of devices) {
      expect(await d.db.outbox.count(), `${d.name}: outbox drained`).toBe(0);
      for (const c of await d.engine.conflicts.list()) conflicts.set(c.id, `${c.status} ${c.message}`);
    }
    let applied = 0;
    for (const [id, q] of queued) {
      const stored = byKey.get(id);
      if (stored?.status === 200) {
        applied++;
        expect(conflicts.has(id), `${q.path} applied yet listed as refused`).toBe(false);
      } else {
        // refused by the server (its message kept), or never sent because a change it depended on was refused
        expect(conflicts.get(id), `${q.device} ${q.path} (${id}) neither applied nor in a conflicts list`).toBeTruthy();
      }
    }
    const calls = devices.flatMap((d) => d.net.calls);
    const gaveUp = calls.filter((c) => c.gaveUp);
    console.log(
      `chaos: ${queued.size} mutations queued, ${applied} applied once, ${conflicts.size} refused with a message, ${localRefusals} refused on the device, ${restarts} server restarts; ` +
        `${calls.length} requests, ${gaveUp.length} given up by the device (${gaveUp.filter((c) => c.answered).length} answered by the server all the same), ` +
        `${devices.reduce((n, d) => n + d.net.overlaps, 0)} retries overlapping their first attempt at the server`,
    );

    // exactly once: one server row per applied create, and payments equal to the applied payment calls
    const paymentKeys = keys.filter((k) => k.status === 200 && k.path === '/api/transaction');
    const serverTx = await db.select().from(transactions);
    const serverPayments = serverTx.filter((t) => (PAYMENT_METHODS as readonly string[]).includes(t.method) && !t.deleted);
    expect(serverPayments).toHaveLength(paymentKeys.length);

    // the money balances: Σ payments = Σ invoice totals − Σ amounts due, and each invoice's paid = its payments
    const serverInvoices = await db.select().from(invoices);
    const paidSum = serverPayments.reduce((n, t) => n + t.amount, 0);
    const totalsSum = serverInvoices.reduce((n, i) => n + (i.totals as unknown as InvoiceTotals).total, 0);
    const dueSum = serverInvoices.reduce((n, i) => n + i.total, 0);
    expect(paidSum).toBe(totalsSum - dueSum);
    for (const inv of serverInvoices) {
      expect(inv.payment, `INV ${inv.number}`).toBe(serverPayments.filter((t) => t.invoice_id === inv.id).reduce((n, t) => n + t.amount, 0));
      expect(inv.total).toBeGreaterThanOrEqual(0);
    }

    // every device holds the server's rows
    const sig = {
      customers: (await db.select().from(customers)).map((c) => c.id).sort(),
      jobs: (await db.select().from(jobs)).map((j) => `${j.id}:${j.status}:${j.invoice.length}`).sort(),
      invoices: serverInvoices.map((i) => `${i.id}:${i.total}:${i.payment}`).sort(),
      products: (await db.select().from(products).where(eq(products.deleted, false))).map((p) => `${p.id}:${p.stock}`).sort(),
      payments: serverPayments.map((t) => t.id).sort(),
    };
    for (const d of devices) {
      expect((await d.db.customers.toArray()).map((c) => c.id).sort(), `${d.name} customers`).toEqual(sig.customers);
      expect((await d.db.jobs.toArray()).map((j) => `${j.id}:${j.status}:${(j.invoice ?? []).length}`).sort(), `${d.name} jobs`).toEqual(sig.jobs);
      expect((await d.db.invoices.toArray()).map((i) => `${i.id}:${i.total}:${i.payment}`).sort(), `${d.name} invoices`).toEqual(sig.invoices);
      expect((await d.db.products.toArray()).map((p) => `${p.id}:${p.stock}`).sort(), `${d.name} products`).toEqual(sig.products);
      const local = (await d.db.transactions.toArray()).filter((t) => (PAYMENT_METHODS as readonly string[]).includes(t.method)).map((t) => t.id).sort();
      expect(local, `${d.name} payments`).toEqual(sig.payments);
    }
    expect(applied).toBeGreaterThan(OPS);
  }, 600_000);
});
