import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_FIELD, storageAsk, storageValue } from '../../src/domain/billingFields';
import { createRepositories } from '../../src/local/repositories';
import { isFieldConflict } from '../../src/sync/decisions';
import { inventoryLog, invoices, jobs, products, transactions } from '../../src/server/db/schema';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { customerForm, drain, onlineDevice, type Device } from './helpers';
import { nth } from '../helpers/present';

/**
 * Issue 14's invariant over random interleavings: two or three devices edit one job's notes and one product's price,
 * switch an invoice's storage charge on, take $1 cash payments on that invoice (and remove their own), return one of
 * its units, receive stock of the product, go offline, come back and sync in any order. Whatever happened:
 *   - every person's last edit of a field is on the server, or in that device's "Needs your decision" list, or was
 *     replaced by an edit made with it in view (its base): nothing is overwritten silently;
 *   - every payment is on the server exactly once (none doubled, none lost), removed if its device removed it, and
 *     the invoice's paid is the sum of those not removed;
 *   - every item return is on the server once, or waits in its device's list (the invoice changed since it was planned);
 *   - each product's stock equals the sum of its stock moves: its opening stock, every receipt and every return once.
 * BAYBOOK_PROPERTY_RUNS sets the number of interleavings (200 by default), shared out among the files that run this
 * suite (field-conflicts-property-<part>.test.ts): each its own server and devices, so two workers share the runs.
 */
const RUNS = Number(process.env.BAYBOOK_PROPERTY_RUNS) || 200;
/** the files the runs are shared out among: every field-conflicts-property-<part>.test.ts beside this one */
const PARTS = readdirSync(dirname(fileURLToPath(import.meta.url))).filter((f) =>
  /^field-conflicts-property-\d+\.test\.ts$/.test(f),
).length;
/** runs that pay, price and stock the same invoice and product before the next run makes new ones */
const SHARED_RUNS = 25;
const FIELDS = ['comment', 'service_note', 'price', 'storage'] as const;
type Field = (typeof FIELDS)[number];
/** each payment: $1 on an invoice of $100,000, so no run of ten commands (nor 5,000 runs) pays it past its total */
const PAYMENT = 100;
const INVOICE_TOTAL = 10_000_000;

type Command =
  | { d: number; kind: 'edit'; field: Field }
  | { d: number; kind: 'offline' | 'online' | 'sync' | 'pay' | 'unpay' | 'receive' | 'return' };

/** A $1 payment a device took, and whether that device has since removed it (a reversal, level 5). */
interface Payment {
  d: number;
  id: string;
  removed: boolean;
}

interface Edit {
  d: number;
  field: Field;
  value: string | number;
  /** what the device showed when the person edited: the value the edit was based on */
  base: unknown;
}

/** The records of a run: its own job, and the invoice and products every run shares. */
interface Records {
  jobId: string;
  invoiceId: string;
  productId: string;
  /** the product of the invoice's one line (9,000 units): what the returns give back */
  lineId: string;
}

const command = (devices: number): fc.Arbitrary<Command> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        d: fc.nat(devices - 1),
        kind: fc.constant('edit' as const),
        field: fc.constantFrom(...FIELDS),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        d: fc.nat(devices - 1),
        kind: fc.constantFrom(
          'offline' as const,
          'online' as const,
          'sync' as const,
          'pay' as const,
          'unpay' as const,
          'receive' as const,
          'return' as const,
        ),
      }),
    },
  );

/** Part `part` (1…PARTS) of the runs, on each of DATABASES. */
export const describeProperty = (part: number) =>
  describe.each(DATABASES)(`property: no edit is lost silently (%s, part ${part} of ${PARTS})`, (kind) =>
    propertySuite(kind, Math.floor((RUNS * part) / PARTS) - Math.floor((RUNS * (part - 1)) / PARTS)),
  );

function propertySuite(kind: (typeof DATABASES)[number], runs: number) {
  let s: TestServer;
  let devices: Device[] = [];
  let plate = 1000;
  let runNo = 0;
  /**
   * The invoice the runs pay and the product they price and stock: shared by SHARED_RUNS runs in turn (a run adds
   * only its job). Not by all: each run adds payments, moves and returns to them, which every later run reads again.
   */
  let shared = { invoiceId: '', productId: '', lineId: '' };
  beforeAll(async () => {
    s = await startServer(kind);
    devices = await Promise.all([0, 1, 2].map((i) => onlineDevice(s, `prop-${i}`)));
    await newShared();
  });
  afterAll(() => s?.close());

  async function newShared() {
    const repos = createRepositories(nth(devices, 0).db);
    const job = await newJob(repos);
    const disc = await repos.products.add({
      title: 'Disc',
      description: 'line',
      price: 100,
      stock: 9000,
      low_stock: 0,
    });
    const line = { id: disc.id, title: disc.title, description: disc.description, price: disc.price, qty: 9000 };
    const invoice = await repos.invoices.create(job.id, { work_hour: 1, rate_hour: INVOICE_TOTAL }, [line]);
    const product = await repos.products.add({
      title: 'Pads',
      description: 'property',
      price: 1000,
      stock: 2,
      low_stock: 1,
    });
    shared = { invoiceId: invoice.id, productId: product.id, lineId: disc.id };
  }

  async function newJob(repos: ReturnType<typeof createRepositories>) {
    const cid = await repos.customers.add(customerForm(`PR ${plate++}`));
    return repos.jobs.create({ customer: (await repos.customers.get(cid))!, service: ['Brakes'], mileage: 1 });
  }

  /** A fresh job, and the shared invoice and product (new ones every SHARED_RUNS runs), on every device. */
  async function freshRecords(): Promise<Records> {
    if (runNo > 0 && runNo % SHARED_RUNS === 0) await newShared();
    const job = await newJob(createRepositories(nth(devices, 0).db));
    for (const d of devices) await drain(d);
    return { ...shared, jobId: job.id };
  }

  /** A person's edit on device `d`, with what the device showed it as before. */
  async function edit(d: Device, at: Records, field: Field, value: string | number): Promise<unknown> {
    const repos = createRepositories(d.db);
    if (field === 'storage') {
      const inv = await d.db.invoices.get(at.invoiceId);
      await repos.invoices.setStorage(at.invoiceId, true, storageAsk(value)?.days);
      return storageValue(inv?.storage, inv?.storage_days);
    }
    if (field === 'price') {
      const base = (await d.db.products.get(at.productId))?.price;
      await repos.products.edit(at.productId, { price: Number(value) });
      return base;
    }
    const base = String((await d.db.jobs.get(at.jobId))?.[field] ?? '');
    await (field === 'comment'
      ? repos.jobs.comment(at.jobId, String(value))
      : repos.jobs.serviceNote(at.jobId, String(value)));
    return base;
  }

  /** A value no other run uses: a price, storage or note left by an earlier run never passes for this run's. */
  function valueOf(field: Field, d: number, n: number): string | number {
    if (field === 'price') return 2000 + runNo * 100 + n;
    if (field === 'storage') return storageValue('on', 1 + ((runNo * 20 + n) % 3650));
    return `r${runNo}-d${d}-${n}`;
  }

  async function settle(used: Device[]) {
    for (const d of used) d.net.up = true;
    for (let round = 0; round < 2; round++) for (const d of used) await drain(d);
  }

  async function run(n: number, commands: Command[]) {
    const used = devices.slice(0, n);
    // a run that failed (fast-check then shrinks it) may have left decisions behind: each run starts with none
    for (const d of devices) await d.db.conflicts.filter(isFieldConflict).delete();
    const at = await freshRecords();
    const before = await moneyAndStock(at);
    const edits: Edit[] = [];
    const payments: Payment[] = [];
    let received = 0;
    let returned = 0;
    for (const c of commands) {
      const d = nth(used, c.d);
      if (c.kind === 'offline') d.net.up = false;
      else if (c.kind === 'online') d.net.up = true;
      if (c.kind === 'online' || (c.kind === 'sync' && d.net.up)) await drain(d);
      const repos = createRepositories(d.db);
      if (c.kind === 'pay')
        payments.push({ d: c.d, id: (await repos.invoices.pay(at.invoiceId, 'cash', PAYMENT)).id, removed: false });
      // a person reverses a payment they took themselves (two people never remove the same one)
      const own = payments.filter((p) => p.d === c.d && !p.removed).at(-1);
      if (c.kind === 'unpay' && own) {
        await repos.invoices.removeTransaction(own.id);
        own.removed = true;
      }
      if (c.kind === 'receive') {
        await repos.products.receive(at.productId, 1);
        received++;
      }
      if (c.kind === 'return') {
        await repos.invoices.returnItems(at.invoiceId, [{ id: at.lineId, qty: 1 }], `r${runNo}`);
        returned++;
      }
      if (c.kind !== 'edit') continue;
      const value = valueOf(c.field, c.d, edits.length);
      edits.push({ d: c.d, field: c.field, value, base: await edit(d, at, c.field, value) });
    }
    await settle(used);
    await expectEditsKept(used, at, edits);
    await expectMoneyAndStock(used, at, before, payments, received);
    await expectReturns(used, at, before, returned);
    runNo++;
  }

  /** Every person's last edit of each field is on the server, in their device's list, or seen and replaced. */
  async function expectEditsKept(used: Device[], at: Records, edits: Edit[]) {
    const db = s.database.db;
    const job = nth(await db.select().from(jobs).where(eq(jobs.id, at.jobId)), 0);
    const product = nth(await db.select().from(products).where(eq(products.id, at.productId)), 0);
    const inv = nth(await db.select().from(invoices).where(eq(invoices.id, at.invoiceId)), 0);
    const storage = storageValue(inv.storage, inv.storage_days);
    const server = { comment: job.comment, service_note: job.service_note, price: product.price, storage };
    for (const [i, d] of used.entries()) {
      const ids = [at.jobId, at.productId, at.invoiceId];
      const decisions = (await d.engine.conflicts.decisions()).filter((c) => ids.includes(c.field.id));
      const refused = await d.db.conflicts.filter((c) => !isFieldConflict(c)).toArray();
      expect(
        refused.map((c) => `${c.entry.label}: ${c.message}`),
        `device ${i}: nothing refused`,
      ).toEqual([]);
      for (const field of FIELDS) {
        const last = edits.filter((e) => e.d === i && e.field === field).at(-1);
        const listed = decisions.filter((c) => c.field.field === field);
        if (!last) {
          expect(listed, `device ${i} has no ${field} to decide`).toEqual([]);
          continue;
        }
        const onServer = server[field] === last.value;
        const inList = listed.length === 1 && nth(listed, 0).field.mine === last.value;
        const seenAndReplaced = edits.some((e) => e.field === field && e.base === last.value);
        expect(
          onServer || inList || seenAndReplaced,
          `device ${i}'s last ${field} "${last.value}" is lost: ${JSON.stringify({ server: server[field], listed, edits })}`,
        ).toBe(true);
        // a conflict is never kept for an edit that is on the server, nor for one the person has since replaced
        if (listed.length) expect(listed.map((c) => c.field.mine)).toEqual([last.value]);
        if (onServer) expect(listed).toEqual([]);
      }
      // the devices agree with the server once everything has gone
      expect(await d.db.jobs.get(at.jobId)).toMatchObject({ comment: job.comment, service_note: job.service_note });
      expect((await d.db.products.get(at.productId))?.price).toBe(product.price);
      const mine = await d.db.invoices.get(at.invoiceId);
      expect(storageValue(mine?.storage, mine?.storage_days)).toBe(storage);
    }
  }

  /** The server's payments on the shared invoice, its paid, and the product's stock and moves. */
  async function moneyAndStock(at: Records) {
    const db = s.database.db;
    const invoice = nth(await db.select().from(invoices).where(eq(invoices.id, at.invoiceId)), 0);
    const product = nth(await db.select().from(products).where(eq(products.id, at.productId)), 0);
    const line = nth(await db.select().from(products).where(eq(products.id, at.lineId)), 0);
    const movesOf = (id: string) => db.select().from(inventoryLog).where(eq(inventoryLog.product_id, id));
    return {
      payments: await db.select().from(transactions).where(eq(transactions.invoice_id, at.invoiceId)),
      paid: invoice.payment,
      stock: product.stock,
      moves: await movesOf(at.productId),
      returned: invoice.products.reduce((sum, l) => sum + (l.returned ?? 0), 0),
      lineStock: line.stock,
      lineMoves: await movesOf(at.lineId),
    };
  }

  /**
   * This run's payments on the server once each, removed or not as their device left them; the invoice's paid the sum
   * of the payments kept; the stock the sum of its moves, and what it was plus each receipt once.
   */
  async function expectMoneyAndStock(
    used: Device[],
    at: Records,
    before: Awaited<ReturnType<typeof moneyAndStock>>,
    payments: Payment[],
    received: number,
  ) {
    const now = await moneyAndStock(at);
    const earlier = new Set(before.payments.map((t) => t.id));
    const state = (list: { id: string; removed: boolean }[]) => list.map((p) => `${p.id}:${p.removed}`).sort();
    const added = now.payments.filter((t) => !earlier.has(t.id));
    expect(state(added.map((t) => ({ id: t.id, removed: t.deleted }))), 'every payment once').toEqual(state(payments));
    expect(added.every((t) => t.amount === PAYMENT)).toBe(true);
    const kept = now.payments.filter((t) => !t.deleted).reduce((sum, t) => sum + t.amount, 0);
    expect(now.paid, 'paid = the payments kept').toBe(kept);
    expect(now.paid).toBe(before.paid + PAYMENT * payments.filter((p) => !p.removed).length);
    expect(now.stock, 'stock = the sum of its moves').toBe(now.moves.reduce((sum, m) => sum + m.amount, 0));
    expect(now.stock, 'stock = what it was + every receipt once').toBe(before.stock + received);
    for (const d of used) {
      expect((await d.db.products.get(at.productId))?.stock).toBe(now.stock);
      expect((await d.db.invoices.get(at.invoiceId))?.payment).toBe(now.paid);
    }
  }

  /**
   * Every return once: on the server (the line's returned units and the stock back) or waiting in its device's list as
   * an "Item return" — one decision per return, none merged into another.
   */
  async function expectReturns(
    used: Device[],
    at: Records,
    before: Awaited<ReturnType<typeof moneyAndStock>>,
    returned: number,
  ) {
    const now = await moneyAndStock(at);
    let waiting = 0;
    for (const d of used) {
      const listed = (await d.engine.conflicts.decisions()).filter((c) => c.field.id === at.invoiceId);
      waiting += listed.filter((c) => c.field.field === RETURN_FIELD).length;
    }
    const applied = now.returned - before.returned;
    expect(applied + waiting, 'every return on the server or waiting, once').toBe(returned);
    expect(now.lineStock, 'line stock = the sum of its moves').toBe(
      now.lineMoves.reduce((sum, m) => sum + m.amount, 0),
    );
    expect(now.lineStock, 'line stock = what it was + every return applied').toBe(before.lineStock + applied);
  }

  it(
    `every edit is on the server or in its device's decision list, each payment once, stock the sum of its moves (${runs} interleavings of 2 or 3 devices)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .integer({ min: 2, max: 3 })
            .chain((n) => fc.tuple(fc.constant(n), fc.array(command(n), { minLength: 1, maxLength: 10 }))),
          ([n, commands]) => run(n, commands),
        ),
        { numRuns: runs },
      );
    },
    runs * 3_000,
  );
}
