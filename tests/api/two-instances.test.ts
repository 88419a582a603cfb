// the devices' databases (Dexie) on fake-indexeddb, as in the sync suites
import 'fake-indexeddb/auto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../src/domain/entities';
import { newId } from '../../src/domain/ids';
import { SYNC_ENTITIES } from '../../src/domain/sync';
import type { Row } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import type { PaymentMethod } from '../../src/local/repositories/invoices';
import { LocalWriteError } from '../../src/local/write';
import type { Answer, Data, Made, Raised, Row as AnswerRow } from '../helpers/answers';
import { startInstance, startInstances, stopInstance, type Instances } from '../helpers/instances';
import { startProxy, type Proxy } from '../helpers/proxy';
import { prng } from '../helpers/prng';
import { apiAt } from '../helpers/request';
import { auditDb, drain, makeDevice, type Device } from '../sync/helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * Two server processes on one PostgreSQL behind a round-robin proxy (issue 16): any number of instances give the
 * same results as one — idempotency, device codes and number series, the sign-in limit, sessions, photos, the
 * devices' sync. Each request through the proxy goes to the other instance than the one before, so a device's
 * push, its retry and its pull land on both. Runs in CI's PostgreSQL pass (DATABASE_URL); BAYBOOK_TWO_INSTANCE_OPS
 * sets the mutations per device of the chaos run (default 40, under a minute on 2 cores).
 */
const OPS = Number(process.env.BAYBOOK_TWO_INSTANCE_OPS ?? 40);
const SEED = Number(process.env.BAYBOOK_SEED ?? 20261125);

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL behind a round-robin proxy', () => {
  let m: Instances;
  let proxy: Proxy;
  const api = <T = Answer>(base: string, method: string, path: string, body?: unknown, key?: string) =>
    apiAt(base, () => m.adminToken)<T>(method, path, { body, key });
  const viaProxy = <T = Answer>(method: string, path: string, body?: unknown, key?: string) =>
    api<T>(proxy.url, method, path, body, key);

  beforeAll(async () => {
    m = await startInstances(2);
    proxy = await startProxy(m.instances.map((i) => i.url));
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await m?.close();
  });

  const newJob = async (plate: string) => {
    const vin = `2T1BURHE0JC${String(Math.abs(plate.split('').reduce((h, c) => h * 31 + c.charCodeAt(0), 7)) % 1e6).padStart(6, '0')}`;
    const res = await viaProxy<Made & Pick<AnswerRow<'jobs'>, 'number'>>('POST', '/service', {
      data: {
        customer: { vin, registration: plate, first_name: 'Two', last_name: 'Inst', contact: '8765551234' },
        mileage: 10,
        service: ['Full service'],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('applies a payment sent to both instances at once exactly once', async () => {
    const [a, b] = atLeast(m.instances, 2);
    for (let k = 0; k < 8; k++) {
      const job = await newJob(`TP ${k}`);
      const inv = await viaProxy<Data<Raised>>('POST', '/invoice', {
        data: { fetchedData: { id: job.id }, formData: { work_hour: 2, rate_hour: 5000 }, productInvoice: [] },
      });
      expect(inv.status).toBe(200);
      const invoiceId = inv.body.data.invoice_id;
      const key = newId();
      const pay = { data: { id: newId(), method: 'cash', invoice_id: invoiceId, amount: 2500 } };
      const [onA, onB] = await Promise.all([
        api(a.url, 'POST', '/transaction', pay, key),
        api(b.url, 'POST', '/transaction', pay, key),
      ]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      expect(onA.body).toEqual(onB.body);
      const row = await viaProxy('GET', `/invoice/${invoiceId}`);
      expect(row.status).toBe(200);
      expect(row.body.data).toMatchObject({ payment: 2500, total: 7500 });
    }
  });

  it('gives every device its own code and every number once, whichever instance answers', async () => {
    const ids = Array.from({ length: 30 }, () => newId());
    const codes = await Promise.all(ids.map((id) => viaProxy('POST', '/v3/devices', { data: { device_id: id } })));
    expect(codes.map((c) => c.status)).toEqual(ids.map(() => 200));
    expect(new Set(codes.map((c) => c.body.code)).size).toBe(ids.length);
    // the same device registering through both instances at once gets one code
    const twice = newId();
    const [x, y] = atLeast(
      await Promise.all(m.instances.map((i) => api(i.url, 'POST', '/v3/devices', { data: { device_id: twice } }))),
      2,
    );
    expect(x.body.code).toBe(y.body.code);
    // the server's own number series (jobs made without a device number), taken on both instances at once
    const jobs = await Promise.all(Array.from({ length: 30 }, (_, k) => newJob(`NS ${k}`)));
    const numbers = jobs.map((j) => j.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(proxy.served.every((n) => n > 20)).toBe(true);
  });

  it('counts failed sign-ins across instances, and a session from one is good on the other', async () => {
    const signIn = (base: string, password: string) =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
    // five wrong passwords, alternating instances through the proxy: the limit is the database's, not a process's
    for (let k = 0; k < 5; k++) expect((await signIn(proxy.url, 'wrong-guess')).status).toBe(401);
    for (const i of m.instances) expect((await signIn(i.url, 'wrong-guess')).status).toBe(429);
    const users = await Promise.all(
      m.instances.map((i) =>
        fetch(`${i.url}/api/v2/auth/users`, { headers: { authorization: `Bearer ${m.adminToken}` } }),
      ),
    );
    expect(users.map((r) => r.status)).toEqual([200, 200]);
  });

  it('serves a photo uploaded through one instance from the other (photos in PostgreSQL), and each upload once', async () => {
    const [a, b] = atLeast(m.instances, 2);
    const job = await newJob('PH 2');
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const id = newId();
    const key = newId();
    const form = { fields: { job_id: job.id, id }, file: { bytes: jpeg, name: 'bay.jpg', type: 'image/jpeg' } };
    const upload = (base: string) => apiAt(base, () => m.adminToken)('POST', '/upload/service-photo', { form, key });
    // the same upload sent to both at once (a retry on the other instance): one photo
    const answers = await Promise.all([upload(a.url), upload(b.url)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const bytes = async (base: string, size: string) => {
      const res = await fetch(`${base}/api/photo/${id}/${size}`, {
        headers: { authorization: `Bearer ${m.adminToken}` },
      });
      expect(res.status, `${size} from ${base}`).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    for (const size of ['full', 'thumb']) expect(await bytes(b.url, size)).toEqual(await bytes(a.url, size));
    expect(await sharp(await bytes(b.url, 'full')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 240,
    });
    const photos = await viaProxy<Data<AnswerRow<'service_photos'>[]>>('GET', `/servicePhotos/${job.id}`);
    expect(photos.body.data.map((p) => p.id)).toEqual([id]);
  });

  it(`keeps three devices equal to the server and the money balanced through the proxy and a rolling restart (${OPS} mutations per device)`, async () => {
    console.log(`two instances: seed ${SEED} (replay with BAYBOOK_SEED=${SEED})`);
    const rnd = prng(SEED);
    const pick = <T>(xs: readonly T[]) => nth(xs, Math.floor(rnd() * xs.length));
    const devices: Device[] = ['A', 'B', 'C'].map((n) =>
      makeDevice(proxy.url, `two${n}`, { random: rnd, timeoutMs: 5000, healthTimeoutMs: 2000 }),
    );
    /** outbox entry id → the payment it sends */
    const payments = new Map<string, { id: string; amount: number }>();
    for (const d of devices) {
      d.db.outbox.hook('creating', (_pk, entry) => {
        if (entry.method === 'POST' && entry.path === '/transaction')
          payments.set(entry.id, (entry.body as { data: { id: string; amount: number } }).data);
      });
      await d.engine.signIn({ username: 'admin', permission: 5, token: m.adminToken });
      await d.engine.syncNow();
    }
    let localRefusals = 0;
    let restart: Promise<void> | null = null;
    let restarted = false;
    const steps = OPS * devices.length;
    for (let step = 0; step < steps; step++) {
      const d = nth(devices, step % devices.length);
      // halfway, a rolling restart (an upgrade): the first instance gets SIGTERM mid-traffic and a new process takes
      // its place; meanwhile the proxy's requests to it fail (502), as a load balancer's would before its health check
      if (step === Math.floor(steps / 2)) {
        restart = (async () => {
          const old = nth(m.instances, 0);
          await stopInstance(old);
          const fresh = await startInstance(m.databaseUrl, m.jwtSecret);
          m.instances[0] = fresh;
          proxy.upstreams[0] = fresh.url;
          restarted = true;
        })();
      }
      const r = createRepositories(d.db);
      if (rnd() < 0.1) d.net.up = !d.net.up;
      if (rnd() < 0.08) d.net.dropResponses = 1;
      try {
        const op = rnd();
        if (op < 0.2) {
          await r.customers.add({
            VIN: `TW${SEED % 1000}${d.name}${step}`.padEnd(17, '0').slice(0, 17),
            'Registration Number': `TW ${d.name}${step}`,
            'First name': 'Two',
            'Last name': `Dev${step}`,
            'Contact number': '8765551234',
            Email: '',
          });
        } else if (op < 0.4) {
          const cs = await d.db.customers.toArray();
          if (cs.length)
            await r.jobs.create({ customer: pick(cs), service: ['Full service'], mileage: Math.floor(rnd() * 100000) });
        } else if (op < 0.6) {
          const js = (await d.db.jobs.toArray()).filter(
            (j) => (j.status === 'received' || j.status === 'active') && !(j.invoice ?? []).length,
          );
          if (js.length)
            await r.invoices.create(
              pick(js).id,
              { work_hour: 1 + Math.floor(rnd() * 4), rate_hour: 4000 + Math.floor(rnd() * 4000) },
              [],
            );
        } else {
          const due = (await d.db.invoices.toArray()).filter((i) => i.total > 0);
          if (due.length) {
            const inv = pick(due);
            await r.invoices.pay(
              inv.id,
              pick(PAYMENT_METHODS) as PaymentMethod,
              rnd() < 0.5 ? inv.total : Math.max(1, Math.floor(inv.total * rnd())),
            );
          }
        }
      } catch (err) {
        if (!(err instanceof LocalWriteError)) throw err;
        localRefusals++;
      }
      if (rnd() < 0.3) await d.engine.syncNow();
    }
    // the devices keep syncing until the new instance is in: some of their requests meet the stopped one
    while (!restarted) for (const d of devices) await d.engine.syncNow();
    await restart;
    for (const d of devices) {
      d.net.up = true;
      d.net.dropResponses = 0;
    }
    for (let round = 0; round < 3; round++) for (const d of devices) await drain(d);

    const refused = new Set<string>();
    const why = new Map<string, number>();
    for (const d of devices) {
      expect(await d.db.outbox.count(), `${d.name}: outbox drained`).toBe(0);
      for (const c of await d.engine.conflicts.list()) {
        expect(c.message, `${d.name}: ${c.entry.label}`).not.toMatch(/could not apply this change/);
        refused.add(c.id);
        why.set(c.message, (why.get(c.message) ?? 0) + 1);
      }
    }
    const audit = await auditDb({ url: proxy.url, adminToken: m.adminToken });
    const rowsOf = async (db: Device['db'], entity: (typeof SYNC_ENTITIES)[number]) =>
      ((await db.entity(entity).toArray()) as Row[])
        .map(({ _seq: _, ...row }) => row)
        .sort((p, q) => (p.id < q.id ? -1 : 1));
    for (const d of devices) {
      for (const entity of SYNC_ENTITIES)
        expect(await rowsOf(d.db, entity), `${d.name}: ${entity}`).toEqual(await rowsOf(audit, entity));
    }
    // every payment applied once: the devices' payments on the server are the ones queued and not refused
    const serverPayments = (await audit.transactions.toArray()).filter(
      (t) => (PAYMENT_METHODS as readonly string[]).includes(t.method) && !t.deleted,
    );
    const applied = [...payments].filter(([entry]) => !refused.has(entry)).map(([, p]) => [p.id, p.amount]);
    const sent = new Set([...payments.values()].map((p) => p.id));
    const fromDevices = serverPayments.filter((t) => sent.has(t.id));
    expect(fromDevices.map((t) => [t.id, t.amount]).sort()).toEqual(applied.sort());
    // the money balances: Σ payments = Σ invoice totals − Σ amounts due, and each invoice's paid = its payments
    const invoices = await audit.invoices.toArray();
    const totals = invoices.reduce((n, i) => n + Number(i.totals.total), 0);
    expect(serverPayments.reduce((n, t) => n + t.amount, 0) + invoices.reduce((n, i) => n + i.total, 0)).toBe(totals);
    for (const inv of invoices)
      expect(inv.payment, `INV ${inv.number}`).toBe(
        serverPayments.filter((t) => t.invoice_id === inv.id).reduce((n, t) => n + t.amount, 0),
      );
    console.log(
      `two instances: ${payments.size} payments queued (${applied.length} applied), ${invoices.length} invoices, ${refused.size} refused (${[...why].map(([w, n]) => `${n}× ${w}`).join('; ')}), ${localRefusals} refused on the device; ` +
        `proxy sent ${proxy.served.join(' / ')} requests to the two instances, ${proxy.badGateway} answered 502 during the rolling restart`,
    );
    expect(applied.length).toBeGreaterThan(0);
  }, 600_000);
});
