import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CONFIG_SEED, receiptFormatOf, shopSettings } from '../../src/domain/configSheet';
import { formatShop } from '../../src/domain/dates';
import type { InvoiceLine } from '../../src/domain/entities';
import { formatUSD } from '../../src/domain/money';
import { storageTermsText } from '../../src/domain/terms';
import { estimatePdf, invoicePdf, receiptPdf, serviceHistoryPdf, shopInfo, type ShopInfo } from '../../src/pdf';
import { imagesPerPage, readPdf } from '../helpers/pdfText';
import { nth } from '../helpers/present';

/**
 * Issue 15, "documents a shop can hand over": each document is generated, read back as text (PDF.js), and every line
 * item, total and shop detail is looked for on the page — on A4, on the 80 mm roll, and across pages.
 */

const SHOP: ShopInfo = shopInfo(
  shopSettings([
    { name: 'shop_name', amount: null, description: 'Harbour Street Garage' },
    { name: 'shop_address', amount: null, description: '12 Harbour Street\nKingston 10' },
    { name: 'shop_phone', amount: null, description: '876-555-0100' },
    { name: 'shop_email', amount: null, description: 'desk@harbour.test' },
    { name: 'shop_tax_number', amount: null, description: 'TRN 123-456-789' },
    { name: 'document_footer', amount: null, description: 'Thank you for your business.' },
    { name: 'time_zone', amount: null, description: 'Asia/Tokyo' },
    // the storage terms as this shop set them, not SPEC's defaults (the totals below carry their own storage figure)
    { name: 'storage_first_day', amount: 2500, description: '' },
    { name: 'parts_notice_days', amount: 3, description: '' },
    { name: 'collect_days', amount: 1, description: '' },
  ]),
);

const line = (i: number, extra: Partial<InvoiceLine> = {}): InvoiceLine => ({
  id: `p${i}`,
  title: `Part ${i}`,
  description: `Spec ${i}`,
  price: 1_000 + i,
  qty: (i % 3) + 1,
  ...extra,
});
const LINES = [
  line(1),
  line(2, { qty: 3, returned: 1 }),
  line(3, {
    description:
      'A long description that has to wrap over more than one line of its column, and nothing of it may be cut off',
  }),
];
const net = (l: InvoiceLine) => l.qty - (l.returned ?? 0);
const products = LINES.reduce((n, l) => n + l.price * net(l), 0);
const TOTALS = {
  labour: 10_000,
  product: products,
  storage: 1_290,
  discount: 1_500,
  points: 500,
  total: 10_000 + products + 1_290 - 1_500 - 500,
  paid: 5_000,
  due: 10_000 + products + 1_290 - 1_500 - 500 - 5_000,
};
const INVOICE = {
  number: 'A1-7',
  created_at: '2026-03-01T15:30:00.000Z',
  type: 'service',
  first_name: 'Dee',
  last_name: 'Ock',
  registration: 'DOC 1',
  vin: 'DOCVIN00000000001',
  total: TOTALS.due,
  discount_percent: 10,
  profile: {},
  work_hour: 2,
  rate_hour: 5_000,
  products: LINES,
  totals: TOTALS,
  storage: 'on',
  storage_days: 1,
};
const JOB = {
  contact: '8765551234',
  email: 'dee@example.test',
  mileage: 77000,
  service: ['Wheel alignment', 'Oil change'],
};
const PAYMENTS = [
  { number: 'A1-3', method: 'discount', amount: 1_500, created_at: '2026-03-01T15:31:00.000Z' },
  { number: 'A1-4', method: 'cash', amount: 2_000, created_at: '2026-03-01T15:32:00.000Z' },
  { number: 'A1-5', method: 'credit_card', amount: 3_000, created_at: '2026-03-02T15:32:00.000Z' },
];

const has = (lines: readonly string[], want: string) => expect(lines, want).toContain(want);

function expectShop(lines: readonly string[]) {
  for (const want of ['Harbour Street Garage', '12 Harbour Street', 'Kingston 10', 'Tax/Reg. no. TRN 123-456-789'])
    expect(
      lines.some((l) => l.includes(want)),
      want,
    ).toBe(true);
  expect(lines.some((l) => l.includes('Tel. 876-555-0100') && l.includes('desk@harbour.test'))).toBe(true);
}

/** Every product line as the A4 table prints it: item, description, net quantity, price, amount on one row. */
function expectA4Lines(lines: readonly string[], items: readonly InvoiceLine[]) {
  for (const l of items) {
    const desc = l.description.length > 40 ? l.description.split(' ').slice(0, 3).join(' ') : l.description;
    expect(
      lines.some(
        (x) =>
          x.startsWith(`${l.title} ${desc}`) &&
          x.endsWith(`${net(l)} ${formatUSD(l.price)} ${formatUSD(l.price * net(l))}`),
      ),
      l.title,
    ).toBe(true);
  }
}

describe('shop details in the config sheet (issue 15)', () => {
  it('are seeded as none, read as none, and the receipt paper is 80 mm unless A4 is written', () => {
    const names = CONFIG_SEED.map((c) => c.name);
    for (const n of [
      'shop_address',
      'shop_phone',
      'shop_email',
      'shop_tax_number',
      'document_footer',
      'receipt_format',
    ])
      expect(names).toContain(n);
    const fresh = shopSettings(CONFIG_SEED);
    expect(fresh).toMatchObject({
      shopAddress: '',
      shopPhone: '',
      shopEmail: '',
      shopTaxNumber: '',
      receiptFormat: '80mm',
    });
    expect(receiptFormatOf(' a4 ')).toBe('A4');
    expect(receiptFormatOf('80 mm')).toBe('80mm');
    expect(receiptFormatOf('thermal')).toBe('80mm');
  });
});

describe('invoice PDF', () => {
  it('prints the shop, the customer, every line, every total, the payments and the footer, in the shop time zone', async () => {
    const doc = await readPdf(invoicePdf(INVOICE, JOB, PAYMENTS, SHOP));
    expect(doc.pages).toHaveLength(1);
    expect(nth(doc.pages, 0).width).toBeCloseTo(210, 0);
    const lines = nth(doc.pages, 0).lines;
    expectShop(lines);
    expect(lines.some((l) => l.includes('INVOICE'))).toBe(true);
    has(lines, 'INV A1-7');
    // the letterhead's two columns share lines: the date stands right of the shop's address
    expect(doc.text).toContain(`Date: ${formatShop(INVOICE.created_at, 'Asia/Tokyo')}`);
    expect(doc.text).toContain('Vehicle: DOC 1 VIN DOCVIN00000000001 Mileage 77000');
    expect(doc.text).toContain('Services: Wheel alignment, Oil change');
    has(lines, 'Item Description Qty Price Amount');
    has(lines, 'Labour 2 h at $50.00/h 2 $50.00 $100.00');
    expectA4Lines(lines, LINES);
    expect(doc.text).toContain('1 returned');
    expect(doc.text).toContain('nothing of it may be cut off');
    has(lines, 'Storage (item 10001000) 1 day(s) 1 $12.90');
    for (const [label, value] of [
      ['Labour', TOTALS.labour],
      ['Products', TOTALS.product],
      ['Storage', TOTALS.storage],
      ['Subtotal', TOTALS.labour + TOTALS.product + TOTALS.storage],
      ['Total', TOTALS.total],
      ['Paid', TOTALS.paid],
      ['Balance due', TOTALS.due],
    ] as const) {
      has(lines, `${label} ${formatUSD(value)}`);
    }
    has(lines, `Discount (10%) -${formatUSD(TOTALS.discount)}`);
    has(lines, `Points redeemed -${formatUSD(TOTALS.points)}`);
    has(lines, `A1-4 Cash ${formatShop(nth(PAYMENTS, 1).created_at, 'Asia/Tokyo')} $20.00`);
    has(lines, `A1-5 Credit Card ${formatShop(nth(PAYMENTS, 2).created_at, 'Asia/Tokyo')} $30.00`);
    // the config's terms in the words every screen shows them (domain/terms.ts), however the lines wrap
    const terms = storageTermsText(SHOP.storageTerms);
    expect(terms).toContain('J$2,500.00 for the first day and J$1,000.00 for each further day');
    expect(terms).toContain('within 3 days after notice');
    expect(terms).toContain('within 1 day after the work is completed');
    expect(doc.text.replace(/\s+/g, ' ')).toContain(terms);
    has(lines, 'Thank you for your business. Page 1 of 1');
  });

  it('says PAID when nothing is due', async () => {
    const paid = { ...INVOICE, total: 0, totals: { ...TOTALS, paid: TOTALS.total, due: 0 } };
    expect(nth((await readPdf(invoicePdf(paid, JOB, PAYMENTS, SHOP))).pages, 0).lines).toContain('Balance due PAID');
  });

  it('runs a long invoice over several pages, every line there and the table header on each page', async () => {
    const many = Array.from({ length: 90 }, (_, i) => line(i + 10));
    const doc = await readPdf(invoicePdf({ ...INVOICE, products: many }, JOB, PAYMENTS, SHOP));
    expect(doc.pages.length).toBeGreaterThan(2);
    for (const [i, p] of doc.pages.entries()) {
      if (p.lines.some((l) => l.startsWith('Part ')))
        expect(p.lines, `page ${i + 1}`).toContain('Item Description Qty Price Amount');
      expect(p.lines).toContain(`Thank you for your business. Page ${i + 1} of ${doc.pages.length}`);
    }
    expectA4Lines(doc.text.split('\n'), many);
  });
});

describe('receipt PDF', () => {
  it('is 80 mm wide and as long as its content: shop, receipt number, items, discount, points, method, balance', async () => {
    const doc = await readPdf(receiptPdf(nth(PAYMENTS, 1), INVOICE, PAYMENTS, SHOP));
    expect(doc.pages).toHaveLength(1);
    const page = nth(doc.pages, 0);
    expect(page.width).toBeCloseTo(80, 0);
    expectShop(page.lines);
    has(page.lines, 'RECEIPT No. A1-4');
    has(page.lines, `Date: ${formatShop(nth(PAYMENTS, 1).created_at, 'Asia/Tokyo')}`);
    has(page.lines, 'Invoice: INV A1-7');
    has(page.lines, 'Customer: Dee Ock');
    has(page.lines, 'Labour 2 $50.00 $100.00');
    for (const l of LINES) {
      has(page.lines, `${l.title} ${net(l)} ${formatUSD(l.price)} ${formatUSD(l.price * net(l))}`);
      expect(
        page.lines.some((x) => x.startsWith(l.description.split(' ').slice(0, 2).join(' '))),
        l.description,
      ).toBe(true);
    }
    has(page.lines, `Discount (10%) -${formatUSD(TOTALS.discount)}`);
    has(page.lines, `Points redeemed -${formatUSD(TOTALS.points)}`);
    has(page.lines, `Total ${formatUSD(TOTALS.total)}`);
    has(page.lines, 'Payment (Cash) $20.00');
    has(page.lines, 'Paid to date $20.00');
    has(page.lines, `Balance due ${formatUSD(TOTALS.total - 2_000)}`);
    has(page.lines, 'Points earned 20');
    has(page.lines, 'Thank you for your business.');
    // the roll ends where the text does
    const longer = await readPdf(
      receiptPdf(
        nth(PAYMENTS, 1),
        { ...INVOICE, products: Array.from({ length: 40 }, (_, i) => line(i)) },
        PAYMENTS,
        SHOP,
      ),
    );
    expect(page.height).toBeLessThan(nth(longer.pages, 0).height);
    expect(longer.pages).toHaveLength(1);
  });

  it('shows the balance each payment left, and prints on A4 when the config sheet says so', async () => {
    const later = await readPdf(receiptPdf(nth(PAYMENTS, 2), INVOICE, PAYMENTS, { ...SHOP, receiptFormat: 'A4' }));
    expect(nth(later.pages, 0).width).toBeCloseTo(210, 0);
    expect(nth(later.pages, 0).height).toBeCloseTo(297, 0);
    expectShop(nth(later.pages, 0).lines);
    has(nth(later.pages, 0).lines, 'Payment (Credit Card) $30.00');
    has(nth(later.pages, 0).lines, 'Paid to date $50.00');
    has(nth(later.pages, 0).lines, `Balance due ${formatUSD(TOTALS.total - 5_000)}`);
  });
});

describe('estimate PDF', () => {
  it('prints the shop, who it is for, the services, every line and the totals', async () => {
    const est = {
      ...INVOICE,
      totals: { ...TOTALS, storage: 0, points: 0, total: 10_000 + products - 1_500 },
      services: ['Brake discs skimming', 'Wheel alignment'],
      profile: { first_name: 'Eve', last_name: 'Stone', contact: '8765550101', email: 'eve@example.test' },
    };
    const doc = await readPdf(estimatePdf(est, SHOP));
    const lines = nth(doc.pages, 0).lines;
    expectShop(lines);
    has(lines, 'EST A1-7');
    has(lines, 'Eve Stone');
    has(lines, 'Contact: 8765550101 eve@example.test');
    has(lines, '1. Brake discs skimming');
    has(lines, '2. Wheel alignment');
    has(lines, 'Labour 2 h at $50.00/h 2 $50.00 $100.00');
    expectA4Lines(lines, LINES);
    has(lines, `Discount -${formatUSD(1_500)}`);
    has(lines, `Total ${formatUSD(10_000 + products - 1_500)}`);
    expect(lines.some((l) => l.startsWith('Balance due'))).toBe(false);
    has(lines, 'Thank you for your business. Page 1 of 1');
  });
});

describe('service history PDF', () => {
  it('lists every job with every service and every invoice, on as many pages as it needs, headers on each', async () => {
    const jobs = Array.from({ length: 80 }, (_, i) => ({
      number: `A1-${i}`,
      created_at: new Date(Date.UTC(2025, 0, 1 + i, 15)).toISOString(),
      status: 'complete',
      mileage: 1000 * i,
      service: Array.from({ length: (i % 6) + 1 }, (_, k) => `Svc-${i}-${k}-alignment`),
    }));
    const invoices = jobs.map((j, i) => ({
      number: j.number,
      created_at: j.created_at,
      totals: { total: 10_000 + i },
      total: i % 2 ? 0 : 500,
    }));
    const customer = {
      first_name: 'Dee',
      last_name: 'Ock',
      vin: 'DOCVIN00000000001',
      registration: 'DOC 1',
      contact: '8765551234',
      email: 'dee@example.test',
    };
    const doc = await readPdf(serviceHistoryPdf({ customer, jobs, invoices }, SHOP));
    expect(doc.pages.length).toBeGreaterThan(3);
    expectShop(nth(doc.pages, 0).lines);
    has(nth(doc.pages, 0).lines, 'VIN DOCVIN00000000001 Registration DOC 1');
    const words = doc.text.split(/[\s,]+/);
    for (const j of jobs) {
      expect(doc.text).toContain(
        `#${j.number} ${formatShop(j.created_at, 'Asia/Tokyo', 'yyyy-MM-dd HH:mm')} complete ${j.mileage}`,
      );
      for (const s of j.service) expect(words, s).toContain(s);
    }
    for (const [i, inv] of invoices.entries())
      has(
        doc.text.split('\n'),
        `INV ${inv.number} ${formatShop(inv.created_at, 'Asia/Tokyo', 'yyyy-MM-dd HH:mm')} ${formatUSD(10_000 + i)} ${i % 2 ? 'PAID' : '$5.00'}`,
      );
    for (const p of doc.pages) {
      const jobRows = p.lines.some((l) => /^#A1-\d+ /.test(l));
      const invoiceRows = p.lines.some((l) => /^INV A1-\d+ /.test(l));
      if (jobRows) expect(p.lines).toContain('Job Date Status Mileage Services');
      if (invoiceRows) expect(p.lines).toContain('Invoice Date Total Balance due');
    }
  });
});

describe('the shop logo (issue 15)', () => {
  it('is drawn atop every document — invoice, estimate, 80 mm and A4 receipt, service history — beside the details', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 600, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
        .png()
        .toBuffer(),
    );
    const shop = { ...SHOP, logo: png };
    const customer = {
      first_name: 'Dee',
      last_name: 'Ock',
      vin: INVOICE.vin,
      registration: 'DOC 1',
      contact: '',
      email: '',
    };
    const docs = {
      invoice: invoicePdf(INVOICE, JOB, PAYMENTS, shop),
      estimate: estimatePdf(INVOICE, shop),
      roll: receiptPdf(nth(PAYMENTS, 1), INVOICE, PAYMENTS, shop),
      a4Receipt: receiptPdf(nth(PAYMENTS, 1), INVOICE, PAYMENTS, { ...shop, receiptFormat: 'A4' }),
      history: serviceHistoryPdf({ customer, jobs: [], invoices: [] }, shop),
    };
    for (const [name, bytes] of Object.entries(docs)) {
      expect(await imagesPerPage(bytes), name).toEqual([1]);
      expectShop(nth((await readPdf(bytes)).pages, 0).lines);
    }
    // without a logo, nothing is drawn
    expect(await imagesPerPage(invoicePdf(INVOICE, JOB, PAYMENTS, SHOP))).toEqual([0]);
  });
});
