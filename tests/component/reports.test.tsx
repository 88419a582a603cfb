import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/app/ui/system';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppData } from '../../src/app/data/DataProvider';
import type { ReportChartData } from '../../src/app/reports/chartData';
import Reports from '../../src/app/reports/Reports';
import { MSG } from '../../src/domain/messages';
import { putRow } from '../../src/local/rows';
import { catchCsv, renderScreen } from './render';

// seeding and rendering on cores shared with other suites

/** The charts get their data from the screen; what Victory draws of it is Victory's business (one test below renders it). */
const charts = vi.hoisted(() => ({ seen: [] as unknown[] }));
vi.mock('../../src/app/reports/ReportCharts', () => ({
  default: ({ data }: { data: unknown }) => {
    charts.seen.push(data);
    return <div data-testid="charts" />;
  },
}));
const lastCharts = () => charts.seen.at(-1) as ReportChartData;

afterEach(() => {
  charts.seen.length = 0;
  vi.restoreAllMocks();
});

// ---- a small set of rows across days, as the pull brings them (the shop's zone is America/Jamaica, UTC−5) --------

const line = (id: string, title: string, description: string, price: number, qty: number) => ({
  id,
  title,
  description,
  price,
  qty,
});
const FILTER = (qty: number) => line('p-filter', 'Oil filter', 'Spin-on', 1_500, qty);
const COOLANT = (qty: number) => line('p-coolant', 'Coolant', '1 gal', 2_500, qty);

let n = 0;
function invoice(
  created_at: string,
  f: { labour: number; products: unknown[]; discount?: number; payment?: number; updated_at?: string },
) {
  n += 1;
  const product = (f.products as { price: number; qty: number }[]).reduce((s, l) => s + l.price * l.qty, 0);
  const discount = f.discount ?? 0;
  const payment = f.payment ?? 0;
  return {
    id: `inv-${n}`,
    number: `A1-${n}`,
    request_id: null,
    customer_id: null,
    first_name: 'Ann',
    last_name: 'Lee',
    registration: 'PK 1',
    vin: '',
    total: f.labour + product - discount - payment,
    payment,
    discount,
    discount_percent: 0,
    points_value: 0,
    work_hour: 1,
    rate_hour: f.labour,
    products: f.products,
    profile: {},
    totals: { labour: f.labour, product, storage: 0, discount, points: 0 },
    storage: 'off',
    storage_days: 0,
    invoice_status: 'due',
    type: 'service',
    created_at,
    updated_at: f.updated_at ?? created_at,
    version: 1,
  };
}

function transaction(created_at: string, method: string, amount: number) {
  n += 1;
  return {
    id: `tx-${n}`,
    number: `T-${n}`,
    amount,
    method,
    invoice_id: 'inv-x',
    point: 0,
    username: 'user5',
    created_at,
  };
}

/** Four invoices across 1–3 March 2026 in the shop's zone, two just outside; payments to match their paid figures. */
async function seed(data: AppData, withPayments: boolean) {
  const rows = [
    // 00:00:00 on the 1st in Jamaica: the first instant of the range
    invoice('2026-03-01T05:00:00.000Z', {
      labour: 5_000,
      products: [FILTER(2)],
      discount: 500,
      payment: 7_500,
      updated_at: '2026-03-01T15:00:00.000Z',
    }),
    invoice('2026-03-02T14:00:00.000Z', {
      labour: 10_000,
      products: [COOLANT(1)],
      payment: 1_000,
      updated_at: '2026-03-02T20:00:00.000Z',
    }),
    // 23:59:59 on the 3rd in Jamaica (already the 4th in UTC): still in the range
    invoice('2026-03-04T04:59:59.000Z', { labour: 0, products: [FILTER(2)], payment: 3_000 }),
    // 23:59:59 on 28 February in Jamaica (the 1st in UTC), and 00:00 on the 4th: outside
    invoice('2026-03-01T04:59:59.000Z', { labour: 7_000, products: [FILTER(5)], payment: 14_500 }),
    invoice('2026-03-04T05:00:00.000Z', { labour: 9_000, products: [COOLANT(3)], payment: 16_500 }),
  ];
  for (const r of rows) await putRow(data.db, 'invoices', r);
  if (!withPayments) return;
  const txs = [
    transaction('2026-03-01T15:00:00.000Z', 'cash', 7_500),
    transaction('2026-03-01T15:00:00.000Z', 'discount', 500), // not money received
    transaction('2026-03-02T20:00:00.000Z', 'debit card', 1_000),
    transaction('2026-03-04T04:59:59.000Z', 'credit card', 3_000), // 23:59:59 on the 3rd
    transaction('2026-03-01T04:59:59.000Z', 'cash', 14_500), // 28 February
    transaction('2026-03-04T05:00:00.000Z', 'cash', 16_500), // the 4th
  ];
  for (const t of txs) await putRow(data.db, 'transactions', t);
}

async function open(level = 5, withPayments = level >= 5) {
  const r = await renderScreen(<Reports />, { level, path: '/report' });
  await seed(r.data, withPayments);
  return r;
}

function setRange(start: string, end: string) {
  fireEvent.change(screen.getByLabelText('Start date'), { target: { value: start } });
  fireEvent.change(screen.getByLabelText('End date'), { target: { value: end } });
}
/** The range of the report on screen ("2026-03-01 to 2026-03-03 (shop days, …)"), once there is one. */
const shownRange = async () => (await screen.findByTestId('report-range')).textContent;
const runReport = () => fireEvent.click(screen.getByRole('button', { name: 'Sales Report' }));

const tableRows = () =>
  [...screen.getByRole('table', { name: 'Inventory Depletion' }).querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
  );

const MARCH_FIGURES = {
  labour: [
    { x: '2026-03-01', y: 50 },
    { x: '2026-03-02', y: 100 },
    { x: '2026-03-03', y: 0 },
  ],
  products: [
    { x: '2026-03-01', y: 30 },
    { x: '2026-03-02', y: 25 },
    { x: '2026-03-03', y: 30 },
  ],
  discounts: [
    { x: '2026-03-01', y: 5 },
    { x: '2026-03-02', y: 0 },
    { x: '2026-03-03', y: 0 },
  ],
  sales: [
    { x: '2026-03-01', y: 75 },
    { x: '2026-03-02', y: 10 },
    { x: '2026-03-03', y: 30 },
  ],
};

describe('Reports (/report)', () => {
  describe("opens on this month in the shop's zone, the report shown at once (issue 30)", () => {
    afterEach(() => vi.useRealTimers());
    const dates = () => [
      (screen.getByLabelText('Start date') as HTMLInputElement).value,
      (screen.getByLabelText('End date') as HTMLInputElement).value,
    ];

    it('on 3 March: 1 to 3 March, with its figures and depletion, nothing typed', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-03-03T15:00:00.000Z'));
      await open(5);
      expect(dates()).toEqual(['2026-03-01', '2026-03-03']);
      await waitFor(() => expect(lastCharts()).toEqual(MARCH_FIGURES));
      expect(screen.getByTestId('report-range').textContent).toContain('2026-03-01 to 2026-03-03');
      await waitFor(() => expect(tableRows()).toHaveLength(2));
    });

    it("at 22:00 on 31 March in Jamaica (already 1 April in UTC): still March's month", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-04-01T03:00:00.000Z'));
      await open(5);
      expect(dates()).toEqual(['2026-03-01', '2026-03-31']);
      expect((await screen.findByTestId('report-range')).textContent).toContain('2026-03-01 to 2026-03-31');
    });
  });

  it("says 'Select start date' when the report is asked for without a start date", async () => {
    await open();
    const before = await shownRange();
    setRange('', '2026-03-03');
    runReport();
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.selectStartDate);
    expect(await shownRange()).toBe(before); // the month's report stays
  });

  it("says 'Select end date' when the report is asked for without an end date", async () => {
    await open();
    const before = await shownRange();
    setRange('2026-03-01', '');
    runReport();
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.selectEndDate);
    expect(await shownRange()).toBe(before);
  });

  it("refuses a range over 365 days with 'Do reports within 365 days', and takes 365 days", async () => {
    await open();
    const before = await shownRange();
    setRange('2025-03-01', '2026-03-01'); // 366 days
    runReport();
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.reportRange);
    expect(await shownRange()).toBe(before);
    setRange('2025-03-02', '2026-03-01'); // 365 days
    runReport();
    await waitFor(() => expect(screen.getByTestId('report-range').textContent).toContain('2025-03-02 to 2026-03-01'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the depletion and passes the days' figures to the charts, for shop days (the range's edges in Jamaica's zone)", async () => {
    await open(5);
    setRange('2026-03-01', '2026-03-03');
    runReport();
    await screen.findByTestId('charts');
    await waitFor(() => expect(lastCharts()).toEqual(MARCH_FIGURES));
    expect(screen.queryByTestId('report-refunds')).toBeNull(); // no refund in the range: SPEC's screen as it is
    expect(screen.getByRole('heading', { name: 'Inventory Depletion' })).toBeTruthy();
    const headers = [...screen.getByRole('table', { name: 'Inventory Depletion' }).querySelectorAll('thead th')].map(
      (th) => th.textContent?.replace(/[▲▼]/g, '').trim(),
    );
    expect(headers).toEqual(['Title', 'Description', 'Qty', 'Total']);
    expect(tableRows()).toEqual([
      ['Oil filter', 'Spin-on', '4', '$60.00'],
      ['Coolant', '1 gal', '1', '$25.00'],
    ]);
  });

  it('counts one day: the last shop day of the range holds the invoice of 23:59:59, not the one of the next midnight', async () => {
    await open(5);
    setRange('2026-03-03', '2026-03-03');
    runReport();
    await screen.findByTestId('charts');
    await waitFor(() =>
      expect(lastCharts()).toEqual({
        labour: [{ x: '2026-03-03', y: 0 }],
        products: [{ x: '2026-03-03', y: 30 }],
        discounts: [{ x: '2026-03-03', y: 0 }],
        sales: [{ x: '2026-03-03', y: 30 }],
      }),
    );
    expect(tableRows()).toEqual([['Oil filter', 'Spin-on', '2', '$30.00']]);
  });

  it("on a level-3 device (no payments kept) Sales are the invoices' paid figures, and the screen says so", async () => {
    await open(3, false);
    setRange('2026-03-01', '2026-03-03');
    runReport();
    await screen.findByTestId('charts');
    await waitFor(() => expect(lastCharts()).toEqual(MARCH_FIGURES));
    expect(screen.getByTestId('report-range').textContent).toContain('this device does not keep payments');
  });

  it('says the refunds given back in the range, which the Sales are net of (issue 18)', async () => {
    const { data } = await open(5);
    await putRow(data.db, 'transactions', transaction('2026-03-01T18:00:00.000Z', 'refund', -1_500));
    await putRow(data.db, 'transactions', transaction('2026-03-04T05:00:00.000Z', 'refund', -900)); // the 4th: outside
    setRange('2026-03-01', '2026-03-03');
    runReport();
    await screen.findByTestId('charts');
    await waitFor(() => expect(lastCharts().sales[0]).toEqual({ x: '2026-03-01', y: 60 }));
    expect(screen.getByTestId('report-refunds').textContent).toBe(
      'Refunds given back: $15.00 (Sales are net of refunds)',
    );
  });

  it("says the tax charged on the range's invoices (issue 18), and nothing about tax when there was none", async () => {
    const { data } = await open(5);
    setRange('2026-03-01', '2026-03-03');
    runReport();
    await screen.findByTestId('charts');
    expect(screen.queryByTestId('report-tax')).toBeNull();
    const taxed = invoice('2026-03-02T15:00:00.000Z', { labour: 10_000, products: [], payment: 0 });
    const tax = { tax: 1_500, tax_name: 'GCT', tax_rate_bp: 1500, tax_inclusive: false };
    await putRow(data.db, 'invoices', { ...taxed, totals: { ...taxed.totals, ...tax } });
    const outside = invoice('2026-03-04T05:00:00.000Z', { labour: 10_000, products: [], payment: 0 });
    await putRow(data.db, 'invoices', { ...outside, totals: { ...outside.totals, ...tax } });
    expect((await screen.findByTestId('report-tax')).textContent).toBe('Tax charged on the invoices raised: $15.00');
  });

  it('follows new rows live: an invoice pulled in after the report appears in the table and the charts', async () => {
    const { data } = await open(5);
    setRange('2026-03-01', '2026-03-03');
    runReport();
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    await putRow(
      data.db,
      'invoices',
      invoice('2026-03-02T16:00:00.000Z', { labour: 2_000, products: [line('p-bulb', 'Bulb', 'H4', 300, 2)] }),
    );
    await waitFor(() => expect(tableRows()).toContainEqual(['Bulb', 'H4', '2', '$6.00']));
    expect(lastCharts().labour).toContainEqual({ x: '2026-03-02', y: 120 });
  });

  it('exports the Inventory Depletion table as CSV with the totals in dollars', async () => {
    await open(5);
    setRange('2026-03-01', '2026-03-03');
    runReport();
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const saved = catchCsv();
    // the hours tables below have their own Export CSV
    fireEvent.click(
      within(screen.getByTestId('table-Inventory Depletion')).getByRole('button', { name: 'Export CSV' }),
    );
    expect(saved.files()[0]).toMatch(/Inventory Depletion/);
    const texts = await saved.texts();
    saved.restore();
    expect(texts).toHaveLength(1);
    const csv = texts[0]!;
    expect(csv).toContain('Title,Description,Qty,Total');
    expect(csv).toContain('Oil filter,Spin-on,4,60.00');
    expect(csv).toContain('Coolant,1 gal,1,25.00');
  });
});

describe('ReportCharts (Victory, loaded lazily by the screen)', () => {
  it('draws the two charts with their series names, and says so when a range has nothing', async () => {
    const { default: Real } = await vi.importActual<{ default: ComponentType<{ data: ReportChartData }> }>(
      '../../src/app/reports/ReportCharts',
    );
    const { unmount } = render(
      <ChakraProvider value={system}>
        <Real data={MARCH_FIGURES} />
      </ChakraProvider>,
    );
    const bars = screen.getByRole('figure', { name: 'Labour, Products and Discounts per day' });
    expect(bars.querySelector('svg')).toBeTruthy();
    for (const name of ['Labour', 'Products', 'Discounts'])
      expect(within(bars).getAllByText(name).length).toBeGreaterThan(0);
    expect(screen.getByRole('figure', { name: 'Sales per day' }).querySelector('svg')).toBeTruthy();
    unmount();
    render(
      <ChakraProvider value={system}>
        <Real data={{ labour: [], products: [], discounts: [], sales: [] }} />
      </ChakraProvider>,
    );
    expect(screen.getAllByText('Nothing in this range.')).toHaveLength(2);
  });
});
