import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import type { Data, InvoiceRead, ListedTransaction, Made, Raised, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('money flow on %s', (kind) => {
  let s: TestServer;
  let level4: string;
  let jobId: string;
  let customerId: string;
  let filter: string;
  let pads: string;
  beforeAll(async () => {
    s = await startServer(kind);
    level4 = await s.userToken(4);
    const add = (title: string, price: number, stock: number) =>
      s
        .api<Made>('POST', '/v2/inventory/product', {
          body: { data: { title, description: title, price, stock, low_stock: 1 } },
        })
        .then((r) => r.body.id);
    filter = await add('Oil filter', 899, 5);
    pads = await add('Brake pads', 4500, 2);
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'MONEYFLOWVIN00001',
            registration: 'MF 1',
            first_name: 'Mo',
            last_name: 'Ney',
            contact: '8765551234',
          },
          mileage: 1000,
          service: ['Brake pads front'],
        },
      },
    });
    jobId = job.body.id;
    customerId = (await s.api<Data<Row<'jobs'>>>('POST', '/booking', { body: { id: jobId } })).body.data.customer_id!;
  });
  afterAll(() => s?.close());

  const invoiceOf = async (id: string) =>
    (await s.api<Data<InvoiceRead>>('GET', `/invoice/${id}`, { token: level4 })).body.data;
  const stockOf = async (id: string) =>
    (await s.api<Data<Row<'products'>[]>>('GET', '/products', { token: level4 })).body.data.find((p) => p.id === id)
      ?.stock;

  const customerOf = async (id: string) =>
    (await s.api<Data<Data<Row<'customers'>>>>('GET', `/customerByID/${id}`)).body.data.data;
  const transactionsNow = async () => (await s.api<Data<ListedTransaction[]>>('GET', '/transactions')).body.data;

  let invoiceId = '';
  it('refuses incomplete invoices with SPEC messages', async () => {
    const base = { fetchedData: { id: jobId }, productInvoice: [] };
    expect(
      (await s.api('POST', '/invoice', { token: level4, body: { data: { ...base, formData: { rate_hour: 5000 } } } }))
        .body.message,
    ).toBe(MSG.enterWorkHours);
    expect(
      (await s.api('POST', '/invoice', { token: level4, body: { data: { ...base, formData: { work_hour: 1 } } } })).body
        .message,
    ).toBe(MSG.enterRate);
    expect(
      (
        await s.api('POST', '/invoice', {
          token: level4,
          body: { data: { ...base, formData: { work_hour: 0, rate_hour: 0 } } },
        })
      ).body.message,
    ).toBe(MSG.zeroInvoice);
    const tooMany = await s.api('POST', '/invoice', {
      token: level4,
      body: { data: { ...base, formData: { work_hour: 1, rate_hour: 5000 }, productInvoice: [{ id: pads, qty: 3 }] } },
    });
    expect(tooMany.body.message).toBe('Brake pads has only (2) in stock');
  });

  it('raises an invoice from the job: server prices, stock moves, job linked', async () => {
    const res = await s.api<Data<Raised>>('POST', '/invoice', {
      token: level4,
      key: newId(),
      body: {
        data: {
          number: 'A1-7',
          fetchedData: { id: jobId },
          formData: { work_hour: 1.5, rate_hour: 5000 },
          productInvoice: [
            { id: filter, qty: 1, price: 1 },
            { id: pads, qty: 1 },
            { id: filter, qty: 1 },
          ],
          totals: { total: 1 },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: true, data: { invoice_id: expect.any(String), number: 'A1-7' } });
    invoiceId = res.body.data.invoice_id;
    const inv = await invoiceOf(invoiceId);
    // labour 1.5 × $50 = $75; products 2 × $8.99 + $45 = $62.98 (the client's price of 1 cent was ignored)
    expect(inv.totals).toMatchObject({ labour: 7500, product: 6298, total: 13798 });
    expect(inv.total).toBe(13798);
    expect(inv.products.find((l) => l.id === filter)?.qty).toBe(2);
    expect(await stockOf(filter)).toBe(3);
    expect(await stockOf(pads)).toBe(1);
    expect(inv.job?.invoice).toEqual([invoiceId]);
  });

  it('edits with the version it was based on; a stale edit is a conflict; stock follows the difference', async () => {
    const inv = await invoiceOf(invoiceId);
    const edit = await s.api('PUT', '/invoice-details', {
      token: level4,
      body: {
        data: {
          id: invoiceId,
          formData: { work_hour: 2, rate_hour: 5000 },
          productInvoice: [
            { id: filter, qty: 1 },
            { id: pads, qty: 1 },
          ],
          base_version: inv.version,
        },
      },
    });
    expect(edit.status).toBe(200);
    expect(await stockOf(filter)).toBe(4);
    const stale = await s.api('PUT', '/invoice-details', {
      token: level4,
      body: {
        data: {
          id: invoiceId,
          formData: { work_hour: 3, rate_hour: 5000 },
          productInvoice: [],
          base_version: inv.version,
        },
      },
    });
    expect(stale.status).toBe(409);
    expect((await invoiceOf(invoiceId)).total).toBe(10000 + 899 + 4500);
  });

  it('takes a partial payment, a discount, points and the rest; then PAID and locked', async () => {
    const over = await s.api('POST', '/transaction', {
      token: level4,
      body: { data: { method: 'cash', invoice_id: invoiceId, amount: 1_000_000 } },
    });
    expect(over.status).toBe(400);
    // SPEC §5: above 0 and at most the amount due, else 'Invalid payment'
    expect(over.body).toMatchObject({ value: false, message: MSG.invalidPayment, due: 10000 + 899 + 4500 });
    const justOver = await s.api('POST', '/transaction', {
      token: level4,
      body: { data: { method: 'cash', invoice_id: invoiceId, amount: 10000 + 899 + 4500 + 1 } },
    });
    expect(justOver.body.message).toBe(MSG.invalidPayment);
    expect(
      (
        await s.api('POST', '/transaction', {
          token: level4,
          body: { data: { method: 'cash', invoice_id: invoiceId, amount: 0 } },
        })
      ).body.message,
    ).toBe(MSG.invalidPayment);
    expect(
      (
        await s.api('POST', '/transaction', {
          token: level4,
          body: { data: { method: 'cash', invoice_id: invoiceId } },
        })
      ).body.message,
    ).toBe(MSG.needValue);
    expect(
      (
        await s.api('POST', '/transaction', {
          token: level4,
          body: { data: { method: 'cash', invoice_id: invoiceId, amount: -5 } },
        })
      ).body.message,
    ).toBe(MSG.invalidPayment);

    const key = newId();
    const pay = { data: { method: 'credit card', invoice_id: invoiceId, amount: 5000, vin: 'MONEYFLOWVIN00001' } };
    const first = await s.api('POST', '/transaction', { token: level4, key, body: pay });
    const replay = await s.api('POST', '/transaction', { token: level4, key, body: pay });
    expect(replay.body).toEqual(first.body);
    expect((await invoiceOf(invoiceId)).payment).toBe(5000);
    // $50 paid → 50 points, to the customer and on the payment's row, as its receipt says (issue 30)
    expect((await customerOf(customerId)).current_points).toBe(50);
    const byCard = (await transactionsNow()).find((t) => t.invoice_id === invoiceId && t.method === 'credit_card');
    expect(byCard?.point).toBe(50);

    const disc = await s.api<Data<{ discount: number }>>('POST', '/discount', {
      token: level4,
      body: { data: { invoice_id: invoiceId, amount: 10 } },
    });
    expect(disc.status).toBe(200);
    expect(disc.body.data.discount).toBe(1540); // 10 % of 15,399 rounded
    expect(
      (await s.api('POST', '/discount', { token: level4, body: { data: { invoice_id: invoiceId, amount: 5 } } })).body
        .message,
    ).toBe(MSG.discountOnce);

    expect(
      (await s.api('POST', '/redemption', { token: level4, body: { data: { invoice_id: invoiceId, points: 0 } } })).body
        .message,
    ).toBe(MSG.invalidPoints);
    expect(
      (await s.api('POST', '/redemption', { token: level4, body: { data: { invoice_id: invoiceId, points: 51 } } }))
        .body.message,
    ).toBe(MSG.notEnoughPoints);
    const redeem = await s.api('POST', '/redemption', {
      token: level4,
      body: { data: { invoice_id: invoiceId, points: 20 } },
    });
    expect(redeem.status).toBe(200);
    expect((await customerOf(customerId)).current_points).toBe(30);

    const due = (await invoiceOf(invoiceId)).total;
    expect(due).toBe(15399 - 1540 - 1000 - 5000);
    const rest = await s.api('POST', '/transaction', {
      token: level4,
      body: { data: { method: 'cash', invoice_id: invoiceId, amount: due } },
    });
    expect(rest.body.message).toContain('PAID');
    const paid = await invoiceOf(invoiceId);
    expect(paid.total).toBe(0);
    const afterPaid = await s.api('POST', '/transaction', {
      token: level4,
      body: { data: { method: 'cash', invoice_id: invoiceId, amount: 1 } },
    });
    expect(afterPaid.status).toBe(400);
    expect(afterPaid.body.message).toBe(MSG.invalidPayment);
    const locked = await s.api('PUT', '/invoice-details', {
      token: level4,
      body: { data: { id: invoiceId, formData: { work_hour: 9, rate_hour: 5000 }, productInvoice: [] } },
    });
    expect(locked.body.message).toBe(MSG.invoicePaidLocked);
    expect((await s.api('DELETE', '/invoice', { body: { id: invoiceId } })).body.message).toBe(MSG.invoiceDeletePaid);
    // now the job can be completed
    expect(
      (await s.api('PUT', '/job-action/status', { body: { data: { id: jobId, status: 'complete' } } })).status,
    ).toBe(200);

    const mine = (await transactionsNow()).filter((t) => t.invoice_id === invoiceId);
    expect(mine.map((t) => t.method).sort()).toEqual(['cash', 'credit_card', 'discount', 'redemption']);
    const payments = mine
      .filter((t) => !['discount', 'redemption'].includes(t.method))
      .reduce((n, t) => n + t.amount, 0);
    expect(payments).toBe(paid.payment);
    expect(paid.totals.total - paid.total).toBe(payments);
  });

  it('reverses a payment by removing its transaction (level 5): the amount is due again', async () => {
    const cash = (await transactionsNow()).find((t) => t.invoice_id === invoiceId && t.method === 'cash')!;
    expect((await s.api('DELETE', '/transaction', { token: level4, body: { id: cash.id } })).status).toBe(403);
    expect((await s.api('DELETE', '/transaction', { body: { id: cash.id } })).status).toBe(200);
    expect((await invoiceOf(invoiceId)).total).toBe(cash.amount);
  });

  it('sells products without a customer and refuses an empty sale', async () => {
    expect(
      (
        await s.api('POST', '/invoice-product', {
          token: level4,
          body: { data: { fetchedData: 'default', productInvoice: [] } },
        })
      ).body.message,
    ).toBe(MSG.addProductsFirst);
    const junk = await s.api('POST', '/invoice-product', {
      token: level4,
      body: { data: { fetchedData: 'default', formData: {}, productInvoice: [{ id: 'oil-filter', qty: 1 }] } },
    });
    expect([junk.status, junk.body.message]).toEqual([400, MSG.invoiceLineNotProduct]);
    const sale = await s.api<Data<Raised>>('POST', '/invoice-product', {
      token: level4,
      body: { data: { fetchedData: 'default', formData: {}, productInvoice: [{ id: filter, qty: 2 }] } },
    });
    expect(sale.status).toBe(200);
    const inv = await invoiceOf(sale.body.data.invoice_id);
    expect(inv).toMatchObject({ type: 'product', total: 1798, customer_id: null });
    const due = await s.api<Data<Row<'invoices'>[]>>('GET', '/invoices/due', { token: level4 });
    expect(due.body.data.map((i) => i.id)).toContain(inv.id);
    const status = await s.api<Data<Data<{ unpaid: Row<'invoices'>[] }>>>('GET', '/v2/util/invoice-status', {
      token: level4,
    });
    expect(status.body.data.data.unpaid.map((i) => i.id)).toContain(inv.id);
    // returning one item puts it back in stock and reduces the invoice
    const before = await stockOf(filter);
    expect(
      (
        await s.api('POST', '/invoice-return', {
          token: level4,
          body: { data: { invoice_id: inv.id, items: [{ id: filter, qty: 1 }], comment: '' } },
        })
      ).body.message,
    ).toBe(MSG.itemReturnInvalid);
    const ret = await s.api<Data<{ total: number }>>('POST', '/invoice-return', {
      token: level4,
      body: { data: { invoice_id: inv.id, items: [{ id: filter, qty: 1 }], comment: 'Wrong size' } },
    });
    expect(ret.body.data.total).toBe(899);
    expect(await stockOf(filter)).toBe(before! + 1);
    // a sale with nothing paid can be deleted by level 5, and its stock comes back
    expect((await s.api('DELETE', '/invoice', { token: level4, body: { id: inv.id } })).status).toBe(403);
    expect((await s.api('DELETE', '/invoice', { body: { id: inv.id } })).status).toBe(200);
    expect(await stockOf(filter)).toBe(before! + 2);
  });

  it('lets two sales of the last unit both land (stock goes to zero, then the next is refused)', async () => {
    const last = await s.api<Made>('POST', '/v2/inventory/product', {
      body: { data: { title: 'Spark plug', description: 'Iridium', price: 1200, stock: 1, low_stock: 1 } },
    });
    const ok = await s.api('POST', '/invoice-product', {
      token: level4,
      body: { data: { fetchedData: 'default', productInvoice: [{ id: last.body.id, qty: 1 }] } },
    });
    expect(ok.status).toBe(200);
    const refused = await s.api('POST', '/invoice-product', {
      token: level4,
      body: { data: { fetchedData: 'default', productInvoice: [{ id: last.body.id, qty: 1 }] } },
    });
    expect(refused.body.message).toBe(MSG.inventoryLow);
    // a device that saw the unit in stock before it was sold elsewhere (stock_seen) still lands its sale
    const offline = await s.api('POST', '/invoice-product', {
      token: level4,
      body: { data: { fetchedData: 'default', productInvoice: [{ id: last.body.id, qty: 1, stock_seen: 1 }] } },
    });
    expect(offline.status).toBe(200);
    expect(await stockOf(last.body.id)).toBe(-1);
    // but a claim above anything the product ever held is not believed: the stock now counts
    const inflated = await s.api('POST', '/invoice-product', {
      token: level4,
      body: { data: { fetchedData: 'default', productInvoice: [{ id: last.body.id, qty: 50, stock_seen: 1000 }] } },
    });
    expect(inflated.status).toBe(400);
    expect(inflated.body.message).toBe(MSG.inventoryLow);
    expect(await stockOf(last.body.id)).toBe(-1);
  });

  it('puts storage on in JMD terms at the exchange rate and off again', async () => {
    const job = await s.api<Made>('POST', '/service', {
      body: { data: { customer_id: customerId, mileage: 1200, service: ['Full service'] } },
    });
    const inv = await s.api<Data<Raised>>('POST', '/invoice', {
      token: level4,
      body: { data: { fetchedData: { id: job.body.id }, formData: { work_hour: 1, rate_hour: 5000 } } },
    });
    const id = inv.body.data.invoice_id;
    const on = await s.api<Data<{ total: number }>>('PUT', `/invoice-storage-state/${id}`, {
      token: level4,
      body: { data: { option: 'on', days: 3 } },
    });
    // J$2,000 + 2 × J$1,000 = J$4,000 at 155 JMD/USD = $25.81
    expect(on.body.data.total).toBe(5000 + 2581);
    const off = await s.api<Data<{ total: number }>>('PUT', `/invoice-storage-state/${id}`, {
      token: level4,
      body: { data: { option: 'off' } },
    });
    expect(off.body.data.total).toBe(5000);
  });
  it('deleting an unpaid invoice reverses its discount and points (points back to the customer); one with payments is refused', async () => {
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'MONEYFLOWVIN00002',
            registration: 'MF 2',
            first_name: 'Del',
            last_name: 'Ete',
            contact: '8765551235',
          },
          mileage: 10,
          service: ['Full service'],
        },
      },
    });
    const owner = (await s.api<Data<Row<'jobs'>>>('POST', '/booking', { body: { id: job.body.id } })).body.data
      .customer_id!;
    const points = async () => (await customerOf(owner)).current_points;
    const raise = async () =>
      (
        await s.api<Data<Raised>>('POST', '/invoice', {
          token: level4,
          body: { data: { fetchedData: { id: job.body.id }, formData: { work_hour: 1, rate_hour: 5000 } } },
        })
      ).body.data.invoice_id;
    // earn 20 points on a first invoice
    const first = await raise();
    expect(
      (
        await s.api('POST', '/transaction', {
          token: level4,
          body: { data: { method: 'cash', invoice_id: first, amount: 2000 } },
        })
      ).status,
    ).toBe(200);
    expect(await points()).toBe(20);
    // an invoice with money received is refused, saying what to do; nothing changes
    const withPayment = await s.api('DELETE', '/invoice', { body: { id: first } });
    expect(withPayment.status).toBe(400);
    expect(withPayment.body.message).toBe('This invoice has payments: remove them under Transactions first.');
    expect((await invoiceOf(first)).payment).toBe(2000);

    // a second invoice with a discount and 10 points applied, nothing paid
    const second = await raise();
    expect(
      (await s.api('POST', '/discount', { token: level4, body: { data: { invoice_id: second, amount: 10 } } })).status,
    ).toBe(200);
    expect(
      (await s.api('POST', '/redemption', { token: level4, body: { data: { invoice_id: second, points: 10 } } }))
        .status,
    ).toBe(200);
    expect(await points()).toBe(10);
    const onIt = (await transactionsNow()).filter((t) => t.invoice_id === second);
    expect(onIt.map((t) => t.method).sort()).toEqual(['discount', 'redemption']);

    const del = await s.api<Data<{ reversed: string[] }>>('DELETE', '/invoice', { body: { id: second } });
    expect(del.status).toBe(200);
    expect(del.body.message).toContain('10 points went back to the customer');
    expect(del.body.data.reversed.sort()).toEqual(onIt.map((t) => t.id).sort());
    // the points are back, and no live transaction points at the gone invoice
    expect(await points()).toBe(20);
    expect((await transactionsNow()).filter((t) => t.invoice_id === second)).toEqual([]);
    expect((await s.api('GET', `/invoice/${second}`, { token: level4 })).status).toBe(404);
    expect(
      (await s.api<Data<Row<'jobs'>>>('POST', '/booking', { body: { id: job.body.id } })).body.data.invoice,
    ).toEqual([first]);
    // the activity log says what happened
    const log = (await s.api<Data<Data<Row<'sys_log'>[]>>>('GET', '/sys-log?category=service')).body.data.data;
    expect(
      log.some((e) => /deleted \(its discount was reversed; 10 points went back to the customer\)/.test(e.predicate)),
    ).toBe(true);
  });
  it('item returns: a reason, at most what was sold, never on a paid invoice nor for more than is still due', async () => {
    const bulb = (
      await s.api<Made>('POST', '/v2/inventory/product', {
        body: { data: { title: 'Bulb H4', description: 'Headlamp', price: 1000, stock: 10, low_stock: 1 } },
      })
    ).body.id;
    const sell = async (qty: number) =>
      (
        await s.api<Data<Raised>>('POST', '/invoice-product', {
          token: level4,
          body: { data: { fetchedData: 'default', productInvoice: [{ id: bulb, qty }] } },
        })
      ).body.data.invoice_id;
    const ret = (invoice_id: string, qty: number, comment = 'Wrong bulb') =>
      s.api<Data<{ total: number }>>('POST', '/invoice-return', {
        token: level4,
        body: { data: { invoice_id, items: [{ id: bulb, qty }], comment } },
      });
    const inv = await sell(3);
    // no reason, no item, no quantity: SPEC §5's rule, said as what to do
    for (const body of [
      { items: [{ id: bulb, qty: 1 }], comment: '   ' },
      { items: [{ id: bulb, qty: 1 }] },
      { items: [], comment: 'x' },
      { items: [{ id: bulb, qty: 0 }], comment: 'x' },
    ]) {
      const res = await s.api('POST', '/invoice-return', {
        token: level4,
        body: { data: { invoice_id: inv, ...body } },
      });
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, MSG.itemReturnInvalid]);
    }
    // more than sold
    const tooMany = await ret(inv, 4);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/^Only 3 × Bulb H4 can be returned \(3 sold on INV .+\)\.$/);
    expect((await ret(inv, 1)).body.data.total).toBe(2000);
    expect((await ret(inv, 3)).body.message).toMatch(
      /^Only 2 × Bulb H4 can be returned \(3 sold on INV .+, 1 already returned\)\.$/,
    );
    expect(
      (
        await s.api('POST', '/invoice-return', {
          token: level4,
          body: { data: { invoice_id: inv, items: [{ id: filter, qty: 1 }], comment: 'x' } },
        })
      ).body.message,
    ).toMatch(/has no such item to return/);

    // partly paid in cash: a return within what is still due goes through; one beyond it says what to do
    expect(
      (
        await s.api('POST', '/transaction', {
          token: level4,
          body: { data: { method: 'cash', invoice_id: inv, amount: 1500 } },
        })
      ).status,
    ).toBe(200);
    const beyond = await ret(inv, 1);
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toMatch(
      /^Returning these items takes \$10\.00 off INV .+, but only \$5\.00 is still due: the rest has been paid\. A Super Admin first removes the payment/,
    );
    expect((await invoiceOf(inv)).total).toBe(500);

    // paid in full: locked (SPEC §4), and the message says how to take an item back
    const paid = await sell(1);
    expect(
      (
        await s.api('POST', '/transaction', {
          token: level4,
          body: { data: { method: 'cash', invoice_id: paid, amount: 1000 } },
        })
      ).status,
    ).toBe(200);
    const stock = await stockOf(bulb);
    const locked = await ret(paid, 1);
    expect(locked.status).toBe(400);
    expect(locked.body.message).toMatch(
      /^INV .+ is paid in full, so its items are locked\. To take an item back, a Super Admin first removes the payment/,
    );
    expect(await stockOf(bulb)).toBe(stock);
    // after the payment is removed the return goes through and the stock comes back
    const cash = (await transactionsNow()).find((t) => t.invoice_id === paid)!;
    expect((await s.api('DELETE', '/transaction', { body: { id: cash.id } })).status).toBe(200);
    expect((await ret(paid, 1)).status).toBe(200);
    expect(await stockOf(bulb)).toBe(stock! + 1);
  });
});
