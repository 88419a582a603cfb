import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import type { Data, Made, Numbered, Raised, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

describe.each(DATABASES)('estimates and documents on %s', (kind) => {
  let s: TestServer;
  let level3: string;
  let productId: string;
  beforeAll(async () => {
    s = await startServer(kind);
    level3 = await s.userToken(3);
    productId = (
      await s.api<Made>('POST', '/v2/inventory/product', {
        body: { data: { title: 'Brake disc', description: 'Front', price: 6000, stock: 4, low_stock: 1 } },
      })
    ).body.id;
  });
  afterAll(() => s?.close());

  const pdf = async (path: string) => {
    const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${s.adminToken}` } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      text: Buffer.from(await res.arrayBuffer()).toString('latin1'),
    };
  };

  const estimateOf = async (id: string) => (await s.api<Data<Row<'estimates'>>>('GET', `/estimate/${id}`)).body.data;

  let estimateId = '';
  it('saves an estimate with SPEC messages and never touches stock', async () => {
    const base = {
      profile: { first_name: 'Eve', last_name: 'Stone', contact: '8765550101' },
      formData: { work_hour: 2, rate_hour: 5000 },
      serviceInvoice: ['Brake discs skimming'],
      productInvoice: [{ id: productId, qty: 2 }],
    };
    expect(
      (await s.api('POST', '/estimate', { body: { data: { ...base, profile: { first_name: '', last_name: 'S' } } } }))
        .body.message,
    ).toBe(MSG.enterFirstName);
    expect(
      (await s.api('POST', '/estimate', { body: { data: { ...base, profile: { first_name: 'E', last_name: '' } } } }))
        .body.message,
    ).toBe(MSG.enterLastName);
    expect((await s.api('POST', '/estimate', { body: { data: { ...base, serviceInvoice: [] } } })).body.message).toBe(
      MSG.selectAtLeastOneService,
    );
    const key = newId();
    const res = await s.api<Raised>('POST', '/estimate', { key, body: { data: base } });
    expect((await s.api('POST', '/estimate', { key, body: { data: base } })).body).toEqual(res.body);
    expect(res.body).toMatchObject({ value: true, invoice_id: expect.any(String) });
    estimateId = res.body.invoice_id;
    const est = await estimateOf(estimateId);
    expect(est.total).toBe(10000 + 12000);
    const products = await s.api<Data<Row<'products'>[]>>('GET', '/products');
    expect(products.body.data.find((p) => p.id === productId)?.stock).toBe(4);
    const edit = await s.api('PUT', '/estimate-details', {
      body: { data: { ...base, id: estimateId, formData: { work_hour: 1, rate_hour: 5000 } } },
    });
    expect(edit.status).toBe(200);
    expect(nth((await s.api<Data<Row<'estimates'>[]>>('GET', '/estimates')).body.data, 0).total).toBe(5000 + 12000);
  });

  it('refuses lines that are not products in the inventory instead of dropping them; a product deleted after it was quoted stays', async () => {
    const base = {
      profile: { first_name: 'Eve', last_name: 'Stone', contact: '8765550101' },
      formData: { work_hour: 1, rate_hour: 5000 },
      serviceInvoice: ['Brake discs skimming'],
    };
    const unknown = newId();
    const missing = await s.api('POST', '/estimate', {
      body: {
        data: {
          ...base,
          productInvoice: [
            { id: productId, qty: 1 },
            { id: unknown, qty: 1 },
          ],
        },
      },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(
      `There is no product ${unknown} in the inventory. Take it off the estimate before saving.`,
    );
    const junk = await s.api('POST', '/estimate', {
      body: { data: { ...base, productInvoice: [{ id: 'oil-filter', qty: 1 }] } },
    });
    expect(junk.status).toBe(400);
    expect(junk.body.message).toBe(
      'An item on this estimate is not a product (oil-filter). Take it off the estimate and pick the product again.',
    );

    const gone = (
      await s.api<Made>('POST', '/v2/inventory/product', {
        body: { data: { title: 'Old pads', description: 'Discontinued', price: 2500, stock: 1, low_stock: 0 } },
      })
    ).body.id;
    const est = await s.api<Raised>('POST', '/estimate', {
      body: { data: { ...base, productInvoice: [{ id: gone, qty: 1 }] } },
    });
    expect(est.status).toBe(200);
    expect((await s.api('DELETE', '/v2/inventory/product', { body: { id: gone } })).status).toBe(200);
    // the quoted line stays on the estimate it was on ...
    const keep = await s.api('PUT', '/estimate-details', {
      body: { data: { ...base, id: est.body.invoice_id, productInvoice: [{ id: gone, qty: 2 }] } },
    });
    expect(keep.status).toBe(200);
    expect((await estimateOf(est.body.invoice_id)).total).toBe(5000 + 2 * 2500);
    // ... but cannot be put on another one
    const again = await s.api('POST', '/estimate', {
      body: { data: { ...base, productInvoice: [{ id: gone, qty: 1 }] } },
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(
      'Old pads has been removed from the inventory. Take it off the estimate before saving.',
    );
  });

  it('prints the estimate as a PDF with its number and total', async () => {
    const est = await estimateOf(estimateId);
    const doc = await pdf(`/estimate-pdf/${estimateId}`);
    expect(doc.status).toBe(200);
    expect(doc.type).toBe('application/pdf');
    expect(doc.text.startsWith('%PDF-')).toBe(true);
    expect(doc.text).toContain(`EST ${est.number}`);
    expect(doc.text).toContain('$170.00');
    expect((await pdf(`/estimate-pdf/${newId()}`)).status).toBe(404);
  });

  it('prints an invoice with its payments and a service history for the VIN', async () => {
    const job = await s.api<Numbered>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'DOCVIN00000000001',
            registration: 'DOC 1',
            first_name: 'Dee',
            last_name: 'Ock',
            contact: '8765551234',
          },
          mileage: 77000,
          service: ['Wheel alignment'],
        },
      },
    });
    const inv = await s.api<Data<Raised>>('POST', '/invoice', {
      body: {
        data: {
          fetchedData: { id: job.body.id },
          formData: { work_hour: 1, rate_hour: 4000 },
          productInvoice: [{ id: productId, qty: 1 }],
        },
      },
    });
    await s.api('POST', '/transaction', {
      body: { data: { method: 'cash', invoice_id: inv.body.data.invoice_id, amount: 10000 } },
    });
    const doc = await pdf(`/invoice-pdf/${inv.body.data.invoice_id}`);
    expect(doc.text.startsWith('%PDF-')).toBe(true);
    expect(doc.text).toContain(`INV ${inv.body.data.number}`);
    expect(doc.text).toContain('PAID');
    expect(doc.text).toContain('J$2,000.00');
    // the one invoice layout (src/pdf/invoice.ts): the job's mileage and services, as the editor and the device print
    expect(doc.text).toContain('Mileage 77000');
    expect(doc.text).toContain('Services: Wheel alignment');
    const history = await pdf('/service-history/DOCVIN00000000001');
    expect(history.status).toBe(200);
    expect(history.text).toContain('DOC 1');
    expect(history.text).toContain(`#${job.body.number}`);
    expect((await pdf('/service-history/NOSUCHVIN')).status).toBe(404);
  });

  it('deletes estimates from level 3 (SPEC §6)', async () => {
    expect((await s.api('DELETE', '/estimate', { token: level3, body: { id: estimateId } })).status).toBe(200);
    expect((await s.api('GET', `/estimate/${estimateId}`)).status).toBe(404);
  });
});
