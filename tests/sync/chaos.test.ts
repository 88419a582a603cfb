import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../src/domain/entities';
import type { InvoiceTotals } from '../../src/domain/entities';
import { createRepositories } from '../../src/local/repositories';
import type { PaymentMethod } from '../../src/local/repositories/invoices';
import { LocalWriteError } from '../../src/local/write';
import { customers, idempotency, invoices, jobs, products, transactions } from '../../src/server/db/schema';
import { startDiskServer, type DiskServer } from './diskServer';
import { makeDevice, prng, type Device } from './helpers';

/**
 * Chaos sync (issue "Reliability"): three devices, each with its own IndexedDB and sync engine, making random
 * mutations across customers, jobs, invoices, payments and stock while the link is cut, answers are lost after the
 * server applied them, and the server restarts at random points. At the end every device holds the server's rows,
 * every queued mutation was applied exactly once or refused into a conflicts list with its message, and the money
 * balances. Seeded: BAYBOOK_SEED replays a run; BAYBOOK_CHAOS_OPS sets mutations per device (500 in `npm run bench`).
 */
const OPS = Number(process.env.BAYBOOK_CHAOS_OPS ?? 60);

describe('chaos sync: three devices, a flaky link, a restarting server', () => {
  let s: DiskServer;
  beforeAll(async () => {
    s = await startDiskServer();
  });
  afterAll(() => s?.dispose());

  it(`keeps every mutation once, loses none and balances the money (${OPS} mutations per device)`, async () => {
    const seed = Number(process.env.BAYBOOK_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`chaos seed: ${seed} (replay with BAYBOOK_SEED=${seed})`);
    const rnd = prng(seed);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
    const devices: Device[] = ['A', 'B', 'C'].map((n) => makeDevice(s.url, `chaos${n}`, { random: rnd, timeoutMs: 5000 }));
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
    }
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
    console.log(`chaos: ${queued.size} mutations queued, ${applied} applied once, ${conflicts.size} refused with a message, ${localRefusals} refused on the device, ${restarts} server restarts`);

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
