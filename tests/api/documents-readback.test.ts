import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatShop } from '../../src/domain/dates';
import { formatUSD } from '../../src/domain/money';
import { readPdf, type PdfText } from '../helpers/pdfText';
import type { Data, InvoiceRead, Made, Numbered, Raised, Row, Setting } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 15: the documents the server prints (GET invoice-pdf, estimate-pdf, service-history) read back as text carry
 * the shop's details from the config sheet, every line, every total, and dates in the shop's time zone.
 */

const SHOP = {
  shop_name: 'Harbour Street Garage',
  shop_address: '12 Harbour Street, Kingston 10',
  shop_phone: '876-555-0100',
  shop_email: 'desk@harbour.test',
  shop_tax_number: 'TRN 123-456-789',
  document_footer: 'Thank you for your business.',
  time_zone: 'Asia/Tokyo',
};
const TZ = SHOP.time_zone;

describe.each(DATABASES)('documents read back on %s', (kind) => {
  let s: TestServer;
  const products: { id: string; title: string; description: string; price: number; qty: number }[] = [];
  beforeAll(async () => {
    s = await startServer(kind);
    const rows = (await s.api<Setting[]>('GET', '/configsheet')).body;
    for (const [name, description] of Object.entries(SHOP)) {
      const row = rows.find((r) => r.name === name)!;
      expect(
        (
          await s.api('PUT', `/configsheet/${row.id}`, {
            body: { data: { title: row.title, description, amount: null } },
          })
        ).status,
      ).toBe(200);
    }
    for (const [title, description, price, qty] of [
      ['Brake disc', 'Front, vented', 6_000, 2],
      ['Oil filter', 'Spin-on', 1_500, 1],
      [
        'Wiper blade',
        'A long description of a wiper blade that wraps over the description column and must be printed whole',
        2_250,
        3,
      ],
    ] as const) {
      const id = (
        await s.api<Made>('POST', '/v2/inventory/product', {
          body: { data: { title, description, price, stock: 10, low_stock: 1 } },
        })
      ).body.id;
      products.push({ id, title, description, price, qty });
    }
  });
  afterAll(() => s?.close());

  const pdf = async (path: string): Promise<PdfText> => {
    const res = await fetch(`${s.url}/api${path}`, { headers: { authorization: `Bearer ${s.adminToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return readPdf(await res.arrayBuffer());
  };
  const expectShop = (text: string) => {
    for (const v of [
      SHOP.shop_name,
      SHOP.shop_address,
      `Tel. ${SHOP.shop_phone}`,
      SHOP.shop_email,
      `Tax/Reg. no. ${SHOP.shop_tax_number}`,
      SHOP.document_footer,
    ])
      expect(text).toContain(v);
  };
  const expectLines = (lines: string[]) => {
    for (const p of products) {
      const first = p.description.split(' ').slice(0, 3).join(' ');
      expect(
        lines.some(
          (l) =>
            l.startsWith(`${p.title} ${first}`) &&
            l.endsWith(`${p.qty} ${formatUSD(p.price)} ${formatUSD(p.price * p.qty)}`),
        ),
        p.title,
      ).toBe(true);
    }
    expect(lines.join('\n')).toContain('must be printed whole');
  };

  it('prints an invoice with the shop, every line, the discount, the payment and the balance due', async () => {
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'DOCVIN00000000002',
            registration: 'DOC 2',
            first_name: 'Dee',
            last_name: 'Ock',
            contact: '8765551234',
          },
          mileage: 77000,
          service: ['Wheel alignment'],
        },
      },
    });
    const made = await s.api<Data<Raised>>('POST', '/invoice', {
      body: {
        data: {
          fetchedData: { id: job.body.id },
          formData: { work_hour: 1, rate_hour: 4_000 },
          productInvoice: products.map((p) => ({ id: p.id, qty: p.qty })),
        },
      },
    });
    const id = made.body.data.invoice_id;
    expect((await s.api('POST', '/discount', { body: { data: { invoice_id: id, amount: 10 } } })).status).toBe(200);
    expect(
      (await s.api('POST', '/transaction', { body: { data: { method: 'cash', invoice_id: id, amount: 5_000 } } }))
        .status,
    ).toBe(200);
    const inv = (await s.api<Data<InvoiceRead>>('GET', `/invoice/${id}`)).body.data;
    const t = inv.totals;
    const doc = await pdf(`/invoice-pdf/${id}`);
    const lines = doc.text.split('\n');
    expectShop(doc.text);
    expect(lines).toContain(`INV ${made.body.data.number}`);
    expect(doc.text).toContain(`Date: ${formatShop(inv.created_at, TZ)}`);
    expect(doc.text).toContain('Vehicle: DOC 2 VIN DOCVIN00000000002 Mileage 77000');
    expect(lines).toContain('Labour 1 h at $40.00/h 1 $40.00 $40.00');
    expectLines(lines);
    expect(t.discount).toBeGreaterThan(0);
    for (const want of [
      `Products ${formatUSD(t.product)}`,
      `Discount (10%) -${formatUSD(t.discount)}`,
      `Total ${formatUSD(t.total)}`,
      `Paid ${formatUSD(5_000)}`,
      `Balance due ${formatUSD(inv.total)}`,
    ])
      expect(lines).toContain(want);
    expect(lines.some((l) => l.includes('Cash') && l.endsWith('$50.00'))).toBe(true);
  });

  it('prints an estimate with the shop, every line and its total', async () => {
    const made = await s.api<Raised>('POST', '/estimate', {
      body: {
        data: {
          profile: { first_name: 'Eve', last_name: 'Stone', contact: '8765550101' },
          formData: { work_hour: 2, rate_hour: 5_000 },
          serviceInvoice: ['Brake discs skimming'],
          productInvoice: products.map((p) => ({ id: p.id, qty: p.qty })),
        },
      },
    });
    const est = (await s.api<Data<Row<'estimates'>>>('GET', `/estimate/${made.body.invoice_id}`)).body.data;
    const doc = await pdf(`/estimate-pdf/${est.id}`);
    const lines = doc.text.split('\n');
    expectShop(doc.text);
    expect(lines).toContain(`EST ${est.number}`);
    expect(lines).toContain('1. Brake discs skimming');
    expectLines(lines);
    expect(lines).toContain(`Total ${formatUSD(est.total)}`);
  });

  it("prints a vehicle's history with every service of every job", async () => {
    const services = [
      'Wheel alignment',
      'Oil change',
      'Brake discs skimming',
      'Tyre rotation',
      'Battery test',
      'Coolant flush',
      'Spark plugs',
      'Air filter',
    ];
    const job = await s.api<Numbered>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'DOCVIN00000000003',
            registration: 'DOC 3',
            first_name: 'Ann',
            last_name: 'Lee',
            contact: '8765550000',
          },
          mileage: 1000,
          service: services,
        },
      },
    });
    expect(job.status).toBe(200);
    const doc = await pdf('/service-history/DOCVIN00000000003');
    expectShop(doc.text);
    expect(doc.text).toContain('VIN DOCVIN00000000003 Registration DOC 3');
    expect(doc.text).toContain(`#${job.body.number}`);
    expect(doc.text).toContain('Job Date Status Mileage Services');
    const flat = doc.text.replace(/\n/g, ' ');
    for (const sv of services) expect(flat).toContain(sv);
  });
});
