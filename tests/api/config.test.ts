import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG, fill } from '../../src/domain/messages';
import type { Data, InvoiceRead, Made, Page, Raised, Row, Setting } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('configuration sheet on %s', (kind) => {
  let s: TestServer;
  let level1: string;
  beforeAll(async () => {
    s = await startServer(kind);
    level1 = await s.userToken(1);
  });
  afterAll(() => s?.close());

  /** the whole sheet (GET /configsheet) by setting name */
  const sheet = async (token?: string) =>
    new Map((await s.api<Setting[]>('GET', '/configsheet', { token })).body.map((r) => [r.name, r]));
  const setting = async (name: string) => {
    const found = (await sheet()).get(name);
    if (!found) throw new Error(`no setting ${name}`);
    return found;
  };

  it('lists every setting as {name, amount, description} to any signed-in user', async () => {
    const byName = await sheet(level1);
    expect(byName.get('labour_rate')?.amount).toBe(50);
    expect(byName.get('point_value')?.amount).toBe(0.5);
    expect(byName.get('time_zone')?.description).toBe('America/Jamaica');
  });

  it('gives the storage terms in JMD', async () => {
    const res = await s.api('GET', '/configsheet/storage', { token: level1 });
    expect(res.body).toMatchObject({ amount: 2000, further: { amount: 1000 }, parts_notice_days: 5, collect_days: 7 });
  });

  it('pages the sheet (default 15) for level 5', async () => {
    const page = await s.api<Data<Page<Row<'config'>>>>('GET', '/configsheet_?page=1&per_page=3');
    expect(page.body.data.data).toHaveLength(3);
    expect(page.body.data.total).toBeGreaterThan(3);
    expect((await s.api('GET', '/configsheet_?page=0')).status).toBe(400);
  });

  it('edits description and amount (title read-only) with the SPEC notice; an amount stays a number', async () => {
    const rate = await setting('labour_rate');
    expect(
      (await s.api('PUT', `/configsheet/${rate.id}`, { body: { data: { title: 'x', description: '', amount: 60 } } }))
        .body.message,
    ).toBe(MSG.configDescriptionRequired);
    expect(
      (await s.api('PUT', `/configsheet/${rate.id}`, { body: { data: { description: 'Rate', amount: 'sixty' } } })).body
        .message,
    ).toBe(MSG.configAmountNumber);
    expect((await s.api('PUT', `/configsheet/${rate.id}`, { body: { data: { description: 'Rate' } } })).status).toBe(
      400,
    );
    const key = newId();
    const ok = await s.api('PUT', `/configsheet/${rate.id}`, {
      key,
      body: { data: { title: 'Hacked', description: 'Rate per hour', amount: 60 } },
    });
    expect(ok.body).toEqual({ value: true, message: MSG.configNotice });
    expect(
      (
        await s.api('PUT', `/configsheet/${rate.id}`, {
          key,
          body: { data: { title: 'Hacked', description: 'Rate per hour', amount: 60 } },
        })
      ).headers.get('idempotent-replay'),
    ).toBe('true');
    const after = (await sheet()).get('labour_rate');
    expect(after).toMatchObject({ amount: 60, title: 'Labour rate', description: 'Rate per hour' });
    expect(
      (
        await s.api('PUT', `/configsheet/${rate.id}`, {
          token: level1,
          body: { data: { description: 'x', amount: 1 } },
        })
      ).status,
    ).toBe(403);
  });

  it('tax (issue 18): none by default; a rate only as a percent with 2 decimals; a sale is taxed on top', async () => {
    const [rate, name, included] = [
      await setting('tax_rate'),
      await setting('tax_name'),
      await setting('tax_inclusive'),
    ];
    expect(rate.amount).toBe(0);
    expect(name.description).toBe('GCT');
    expect(included.description).toBe('no');
    const put = (amount: number) =>
      s.api('PUT', `/configsheet/${rate.id}`, { body: { data: { description: 'Percent', amount } } });
    for (const bad of [15.555, 100.5, -1]) expect((await put(bad)).body.message, String(bad)).toBe(MSG.taxRateInvalid);
    // prices include tax: yes or no only, kept as the sheet spells it; garbage refused, never read as no
    const inclusive = (description: string) =>
      s.api('PUT', `/configsheet/${included.id}`, { body: { data: { description, amount: null } } });
    const refused = await inclusive('maybe');
    expect([refused.status, refused.body.message]).toEqual([400, fill(MSG.configChoice, { choices: 'yes or no' })]);
    expect((await inclusive(' No ')).status).toBe(200);
    expect((await setting('tax_inclusive')).description).toBe('no');
    const product = await s.api<Made>('POST', '/v2/inventory/product', {
      body: { data: { title: 'Wiper', description: 'blade', price: 1999, stock: 10, low_stock: 1 } },
    });
    const sale = async () => {
      const res = await s.api<Data<Raised>>('POST', '/invoice-product', {
        body: { data: { fetchedData: 'default', formData: {}, productInvoice: [{ id: product.body.id, qty: 3 }] } },
      });
      return (await s.api<Data<InvoiceRead>>('GET', `/invoice/${res.body.data.invoice_id}`)).body.data;
    };
    expect((await sale()).totals).not.toHaveProperty('tax');
    expect((await put(15)).body.value).toBe(true);
    try {
      // 3 × $19.99 = $59.97; 15% = $8.9955 → $9.00
      expect(await sale()).toMatchObject({ total: 5997 + 900, totals: { tax: 900, tax_rate_bp: 1500 } });
    } finally {
      await put(0);
    }
  });
});
