import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AppData } from '../../src/app/data/DataProvider';
import { LinesTable, ProductPicker, Summary, useLineStock, type Line } from '../../src/app/invoices/lines';
import { fill, MSG } from '../../src/domain/messages';
import { addLine, computeInvoice, MAX_LINE_QTY, STORAGE_LINE_ID } from '../../src/domain/totals';
import type { ProductRow } from '../../src/local/db';
import { renderScreen } from './render';
import { nth } from '../helpers/present';

/** The kit as a screen uses it: picker → lines (domain addLine) → table → summary of the domain's figures. */
function Harness({ initial = [] }: { initial?: Line[] }) {
  const [lines, setLines] = useState<Line[]>(initial);
  const stockOf = useLineStock(lines);
  const { status: _status, ...figures } = computeInvoice({ type: 'product', workHour: 0, rateCents: 0, lines });
  return (
    <>
      <ProductPicker lines={lines} stockOf={stockOf} onAdd={(l) => setLines((ls) => addLine(ls, l))} />
      <LinesTable lines={lines} onChange={setLines} stockOf={stockOf} />
      <Summary figures={figures} />
      <output data-testid="lines-json">{JSON.stringify(lines)}</output>
      <output data-testid="stocks">{lines.map((l) => stockOf(l.id) ?? '?').join(',')}</output>
    </>
  );
}

async function product(data: AppData, over: Partial<ProductRow> & { title: string }): Promise<ProductRow> {
  const p = await data.repos.products.add({
    description: `${over.title} description`,
    price: 1250,
    stock: 5,
    low_stock: 1,
    ...over,
  });
  return p;
}

const linesNow = (): Line[] => JSON.parse(screen.getByTestId('lines-json').textContent ?? '[]');
const search = (text: string) =>
  fireEvent.change(screen.getByLabelText('Search products'), { target: { value: text } });
const resultFor = async (id: string) => {
  await waitFor(() => expect(document.querySelector(`[data-product-id="${id}"]`)).toBeTruthy());
  return document.querySelector(`[data-product-id="${id}"]`) as HTMLElement;
};
const addFromResult = async (p: ProductRow) =>
  fireEvent.click(within(await resultFor(p.id)).getByRole('button', { name: `Add ${p.title}` }));
/** the stock of the lines, once the live query has read it */
const stocksRead = (expected: string) => waitFor(() => expect(screen.getByTestId('stocks').textContent).toBe(expected));
const qtyInput = (title: string) => screen.getByLabelText(`Quantity of ${title}`) as HTMLInputElement;

describe('ProductPicker (SPEC §5 product search)', () => {
  it('searches from 3 typed characters by title, barcode and description and shows title, price and stock', async () => {
    const { data } = await renderScreen(<Harness />);
    const oil = await product(data, {
      title: 'Oil filter',
      barcode: '400123',
      price: 1599,
      stock: 7,
      description: 'Spin-on cartridge',
    });
    await product(data, { title: 'Brake pads' });

    search('Oi');
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByTestId('product-results')).toBeNull();
    expect(screen.getByText('Type 3 or more characters')).toBeTruthy();

    search('oil');
    const row = await resultFor(oil.id);
    expect(within(row).getByText('Oil filter')).toBeTruthy();
    expect(within(row).getByText('$15.99')).toBeTruthy();
    expect(within(row).getByText('Stock: 7')).toBeTruthy();
    expect(screen.getAllByTestId('product-result')).toHaveLength(1);

    search('4001');
    await resultFor(oil.id);
    search('cartridge');
    await resultFor(oil.id);
    search('zzzz');
    await screen.findByText("No products match 'zzzz'");
  });

  it('adds a line with qty 1 and clears the search', async () => {
    const { data } = await renderScreen(<Harness />);
    const oil = await product(data, { title: 'Oil filter', price: 1599 });
    search('Oil');
    await addFromResult(oil);
    await waitFor(() =>
      expect(linesNow()).toEqual([
        { id: oil.id, title: 'Oil filter', description: 'Oil filter description', price: 1599, qty: 1 },
      ]),
    );
    expect((screen.getByLabelText('Search products') as HTMLInputElement).value).toBe('');
  });

  it(`refuses a product with stock below 1: '${MSG.inventoryLow}'`, async () => {
    const { data } = await renderScreen(<Harness />);
    const gone = await product(data, { title: 'Wiper blade', stock: 0 });
    search('Wiper');
    await addFromResult(gone);
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.inventoryLow);
    expect(linesNow()).toEqual([]);
  });

  it('does not add a product twice: its quantity grows instead, within its stock', async () => {
    const { data } = await renderScreen(<Harness />);
    const plug = await product(data, { title: 'Spark plug', stock: 2 });
    search('Spark');
    await addFromResult(plug);
    search('Spark');
    await addFromResult(plug);
    await waitFor(() => expect(linesNow()).toMatchObject([{ id: plug.id, qty: 2 }]));
    await stocksRead('2');
    expect(screen.getAllByTestId('line-row')).toHaveLength(1);

    search('Spark');
    await addFromResult(plug);
    expect((await screen.findByRole('alert')).textContent).toBe(
      fill(MSG.onlyInStock, { title: 'Spark plug', stock: 2 }),
    );
    expect(linesNow()).toMatchObject([{ id: plug.id, qty: 2 }]);
  });

  it('is disabled when the document cannot change', async () => {
    await renderScreen(<ProductPicker onAdd={() => {}} disabled />);
    expect((screen.getByLabelText('Search products') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('LinesTable (SPEC §5 quantities)', () => {
  it('shows title, description, price, qty and the line total', async () => {
    const lines: Line[] = [{ id: 'a', title: 'Oil filter', description: 'Spin-on', price: 1250, qty: 3 }];
    await renderScreen(<LinesTable lines={lines} onChange={() => {}} />);
    const row = screen.getByTestId('line-row');
    for (const text of ['Oil filter', 'Spin-on', '$12.50']) expect(within(row).getByText(text)).toBeTruthy();
    expect(qtyInput('Oil filter').value).toBe('3');
    expect(within(row).getByTestId('line-total').textContent).toBe('$37.50');
  });

  it('turns a quantity below 1 into 1', async () => {
    const { data } = await renderScreen(<Harness />);
    const oil = await product(data, { title: 'Oil filter', stock: 5 });
    search('Oil');
    await addFromResult(oil);
    await waitFor(() => expect(qtyInput('Oil filter')).toBeTruthy());
    fireEvent.change(qtyInput('Oil filter'), { target: { value: '4' } });
    await waitFor(() => expect(nth(linesNow(), 0).qty).toBe(4));
    fireEvent.change(qtyInput('Oil filter'), { target: { value: '0' } });
    await waitFor(() => expect(nth(linesNow(), 0).qty).toBe(1));
    expect(qtyInput('Oil filter').value).toBe('1');
    fireEvent.change(qtyInput('Oil filter'), { target: { value: '-3' } });
    expect(nth(linesNow(), 0).qty).toBe(1);
  });

  it(`refuses a quantity above stock: '${MSG.onlyInStock}'`, async () => {
    const { data } = await renderScreen(<Harness />);
    const oil = await product(data, { title: 'Oil filter', stock: 3 });
    search('Oil');
    await addFromResult(oil);
    await waitFor(() => expect(qtyInput('Oil filter')).toBeTruthy());
    await stocksRead('3');
    fireEvent.change(qtyInput('Oil filter'), { target: { value: '4' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Oil filter has only (3) in stock');
    expect(nth(linesNow(), 0).qty).toBe(1);
    expect(qtyInput('Oil filter').value).toBe('1');
    fireEvent.change(qtyInput('Oil filter'), { target: { value: '3' } });
    await waitFor(() => expect(nth(linesNow(), 0).qty).toBe(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it(`refuses more units than a line holds, whatever the stock: '${MSG.qtyWhole}'`, async () => {
    const { data } = await renderScreen(<Harness />);
    const oil = await product(data, { title: 'Oil filter', stock: 1_000_000 });
    search('Oil');
    await addFromResult(oil);
    await waitFor(() => expect(qtyInput('Oil filter')).toBeTruthy());
    await stocksRead('1000000');
    fireEvent.change(qtyInput('Oil filter'), { target: { value: String(MAX_LINE_QTY + 1) } });
    expect((await screen.findByRole('alert')).textContent).toBe(fill(MSG.qtyWhole, { max: MAX_LINE_QTY }));
    expect(nth(linesNow(), 0).qty).toBe(1);
    fireEvent.change(qtyInput('Oil filter'), { target: { value: String(MAX_LINE_QTY) } });
    await waitFor(() => expect(nth(linesNow(), 0).qty).toBe(MAX_LINE_QTY));
  });

  it('follows the stock live: another sale of the product lowers what may be asked for', async () => {
    const { data } = await renderScreen(<Harness />);
    const oil = await product(data, { title: 'Oil filter', stock: 3 });
    search('Oil');
    await addFromResult(oil);
    await waitFor(() => expect(qtyInput('Oil filter')).toBeTruthy());
    await act(() =>
      data.repos.invoices.sale(null, [{ id: oil.id, title: oil.title, description: '', price: oil.price, qty: 2 }]),
    );
    await stocksRead('1');
    fireEvent.change(qtyInput('Oil filter'), { target: { value: '2' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Oil filter has only (1) in stock');
  });

  it('removes a line', async () => {
    const { data } = await renderScreen(<Harness />);
    const oil = await product(data, { title: 'Oil filter' });
    search('Oil');
    await addFromResult(oil);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Oil filter' }));
    await waitFor(() => expect(linesNow()).toEqual([]));
    expect(screen.getByText('No products added')).toBeTruthy();
  });

  it('shows the storage line (10001000) but does not let it be edited or removed', async () => {
    const lines: Line[] = [
      { id: STORAGE_LINE_ID, title: 'Storage', description: '3 days', price: 2581, qty: 1 },
      { id: 'b', title: 'Brake pads', description: 'Front', price: 4000, qty: 1 },
    ];
    await renderScreen(<LinesTable lines={lines} onChange={() => {}} />);
    const storage = document.querySelector(`[data-line-id="${STORAGE_LINE_ID}"]`) as HTMLElement;
    expect(within(storage).queryByRole('spinbutton')).toBeNull();
    expect(within(storage).queryByRole('button')).toBeNull();
    expect(within(storage).getByTestId('line-qty').textContent).toBe('1');
    expect(qtyInput('Brake pads')).toBeTruthy();
  });

  it('read-only: no quantity inputs and no Remove; extra columns are drawn', async () => {
    const lines: Line[] = [{ id: 'b', title: 'Brake pads', description: 'Front', price: 4000, qty: 2, returned: 1 }];
    await renderScreen(
      <LinesTable
        lines={lines}
        onChange={() => {}}
        readOnly
        extraColumns={[{ header: 'Returned', cell: (l) => `R${l.returned}` }]}
      />,
    );
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Returned')).toBeTruthy();
    expect(screen.getByText('R1')).toBeTruthy();
    expect(screen.getByTestId('line-total').textContent).toBe('$40.00');
  });
});

describe('Summary (SPEC §2)', () => {
  it("shows 'Products Total', 'Labour Total' and 'Total', nothing else when the rest is zero", async () => {
    await renderScreen(<Summary figures={{ product: 2500, labour: 10000, total: 12500 }} />);
    expect(within(screen.getByTestId('summary-products')).getByText('Products Total')).toBeTruthy();
    expect(screen.getByTestId('summary-products').textContent).toContain('$25.00');
    expect(screen.getByTestId('summary-labour').textContent).toBe('Labour Total$100.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('Total$125.00');
    for (const id of [
      'summary-discount',
      'summary-points',
      'summary-paid',
      'summary-due',
      'summary-storage',
      'summary-tax',
    ])
      expect(screen.queryByTestId(id)).toBeNull();
  });

  it('shows discount, points, paid and amount due when they are not zero', async () => {
    const { status: _s, ...figures } = computeInvoice({
      type: 'service',
      workHour: 2,
      rateCents: 5000,
      lines: [{ price: 1000, qty: 1 }],
      discountPercent: 10,
      pointsCents: 500,
      paidCents: 2000,
    });
    await renderScreen(<Summary figures={figures} />);
    expect(screen.getByTestId('summary-discount').textContent).toBe('Discount-$11.00');
    expect(screen.getByTestId('summary-points').textContent).toBe('Points-$5.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('Total$94.00');
    expect(screen.getByTestId('summary-paid').textContent).toBe('Paid$20.00');
    expect(screen.getByTestId('summary-due').textContent).toBe('Amount Due$74.00');
  });

  it('shows the tax on its own line (issue 18): on top before the points, included under the Total', async () => {
    const figures = (inclusive: boolean) => {
      const tax = { name: 'GCT', rateBp: 1500, inclusive };
      const { status: _s, ...f } = computeInvoice({
        type: 'product',
        workHour: 0,
        rateCents: 0,
        lines: [{ price: 10_000, qty: 1 }],
        pointsCents: 500,
        tax,
      });
      return f;
    };
    const { unmount } = await renderScreen(<Summary figures={figures(false)} />);
    expect(screen.getByTestId('summary-tax').textContent).toBe('GCT 15%$15.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('Total$110.00');
    const rows = [...screen.getByTestId('summary').querySelectorAll('[data-testid]')].map(
      (e) => e.id || e.getAttribute('data-testid'),
    );
    expect(rows.indexOf('summary-tax')).toBeLessThan(rows.indexOf('summary-points'));
    unmount();
    await renderScreen(<Summary figures={figures(true)} />);
    // $100 including 15%: $13.04 of it is tax; the total stays $100 less the points
    expect(screen.getByTestId('summary-tax').textContent).toBe('Includes GCT 15%$13.04');
    expect(screen.getByTestId('summary-total').textContent).toBe('Total$95.00');
  });
});
