import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import type { Data, ListedProduct, Made, Page, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

describe.each(DATABASES)('products, inventory and suppliers on %s', (kind) => {
  let s: TestServer;
  let level4: string;
  beforeAll(async () => {
    s = await startServer(kind);
    level4 = await s.userToken(4);
  });
  afterAll(() => s?.close());

  it('adds a simple product with SPEC messages', async () => {
    expect(
      (await s.api('POST', '/product', { token: level4, body: { data: { title: '', description: 'd', price: 100 } } }))
        .body.message,
    ).toBe(MSG.titleMin);
    expect(
      (await s.api('POST', '/product', { token: level4, body: { data: { title: 't', description: '', price: 100 } } }))
        .body.message,
    ).toBe(MSG.descriptionMin);
    expect(
      (await s.api('POST', '/product', { token: level4, body: { data: { title: 't', description: 'd', price: '' } } }))
        .body.message,
    ).toBe(MSG.priceMin);
    const ok = await s.api<Made>('POST', '/product', {
      token: level4,
      body: { data: { title: 'Wiper blade', description: '22 inch', price: 1599 } },
    });
    expect(ok.status).toBe(200);
    const edit = await s.api('PUT', '/product', {
      token: level4,
      body: { data: { id: ok.body.id, title: 'Wiper blade 22"', description: '22 inch', price: 1699 } },
    });
    expect(edit.status).toBe(200);
    const list = await s.api<Data<Row<'products'>[]>>('GET', '/products', { token: level4 });
    const row = list.body.data.find((p) => p.id === ok.body.id);
    expect(row).toMatchObject({ title: 'Wiper blade 22"', price: 1699 });
    expect(row?.cost).toBeUndefined();
    expect((await s.api('DELETE', '/product', { token: level4, body: { id: ok.body.id } })).status).toBe(200);
    expect(
      (await s.api<Data<Row<'products'>[]>>('GET', '/products', { token: level4 })).body.data.find(
        (p) => p.id === ok.body.id,
      ),
    ).toBeUndefined();
  });

  let supplierId = '';
  let productId = '';
  it('manages suppliers (business name required)', async () => {
    expect((await s.api('POST', '/v2/inventory/supplier', { body: { data: { bizname: '' } } })).body.message).toBe(
      MSG.supplierNameRequired,
    );
    const add = await s.api<Made>('POST', '/v2/inventory/supplier', {
      body: { data: { bizname: 'Island Parts', email: 'sales@island.example', contact: '8765550000' } },
    });
    supplierId = add.body.id;
    expect(
      (
        await s.api('PUT', '/v2/inventory/supplier', {
          body: { data: { id: supplierId, bizname: 'Island Parts Ltd' } },
        })
      ).status,
    ).toBe(200);
    expect(
      (await s.api<Data<Row<'suppliers'>>>('GET', `/v2/inventory/supplier?id=${supplierId}`)).body.data.bizname,
    ).toBe('Island Parts Ltd');
    expect((await s.api('GET', '/v2/inventory/suppliers')).body.data).toHaveLength(1);
  });

  it('adds an inventory product, receives stock by delta and logs every movement', async () => {
    const bad = await s.api('POST', '/v2/inventory/product', {
      body: { data: { title: 'Oil filter', description: 'Spin-on', stock: 'x', low_stock: 2, price: 899 } },
    });
    expect(bad.body.message).toBe('Stock must be a number');
    const key = newId();
    const body = {
      data: {
        title: 'Oil filter',
        description: 'Spin-on',
        stock: 5,
        low_stock: 2,
        price: 899,
        cost: 450,
        supplier: supplierId,
        barcode: '0123456789012',
      },
    };
    const add = await s.api<Made>('POST', '/v2/inventory/product', { key, body });
    expect((await s.api('POST', '/v2/inventory/product', { key, body })).body).toEqual(add.body);
    productId = add.body.id;
    const recv = await s.api('PUT', '/v2/inventory/product', {
      body: { data: { id: productId, receival: true, amount: 7 } },
    });
    expect(recv.body.stock).toBe(12);
    // a plain edit never sets stock
    await s.api('PUT', '/v2/inventory/product', { body: { data: { id: productId, price: 999, stock: 0 } } });
    const log = await s.api<Data<Row<'inventory_log'>[]>>('GET', `/v2/inventory/log/${productId}`);
    expect(log.body.data.map((e) => [e.amount, e.reason])).toEqual([
      [7, 'received'],
      [5, 'opening stock'],
    ]);
    const page = await s.api<Data<Page<ListedProduct>>>('GET', '/v2/inventory/products_?page=1&per_page=10&search=oil');
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.data[0]).toMatchObject({
      stock: 12,
      price: 999,
      cost: 450,
      supplier_name: 'Island Parts Ltd',
    });
    const asL4 = await s.api<Data<Page<ListedProduct>>>('GET', '/v2/inventory/products_?page=1&per_page=10', {
      token: level4,
    });
    expect(nth(asL4.body.data.data, 0).cost).toBeUndefined();
  });

  it('finds products by barcode, title or description; 3+ characters', async () => {
    for (const text of ['0123456789012', 'oil', 'spin', productId]) {
      const res = await s.api<Data<Row<'products'>[]>>('POST', '/v2/inventory/product-fetch', { body: { data: text } });
      expect(
        res.body.data.map((p) => p.id),
        text,
      ).toContain(productId);
    }
    // SPEC §5: product search needs 3 or more typed characters
    for (const text of ['oi', '  oi  ', '']) {
      const short = await s.api('POST', '/v2/inventory/product-fetch', { body: { data: text } });
      expect([short.status, short.body.message], text).toEqual([400, MSG.lookupMin]);
    }
  });

  it('refuses an edit that empties a required field (SPEC §5: title, description, low stock, price); leaving one out keeps it', async () => {
    const edit = (data: Record<string, unknown>) =>
      s.api('PUT', '/v2/inventory/product', { body: { data: { id: productId, ...data } } });
    for (const [data, message] of [
      [{ title: '' }, 'Title is required'],
      [{ title: '   ' }, 'Title is required'],
      [{ title: null }, 'Title is required'],
      [{ description: '' }, 'Description is required'],
      [{ description: ' ' }, 'Description is required'],
      [{ price: null }, 'Price is required'],
      [{ price: 'ten' }, 'Price must be a number'],
      [{ low_stock: null }, 'Low stock is required'],
    ] as const) {
      const res = await edit(data);
      expect([res.status, res.body.message], JSON.stringify(data)).toEqual([400, message]);
    }
    expect((await edit({ barcode: '999' })).status).toBe(200);
    const row = (await s.api<Data<Page<ListedProduct>>>('GET', '/v2/inventory/products_?page=1&per_page=10&search=999'))
      .body.data.data[0];
    expect(row).toMatchObject({
      id: productId,
      title: 'Oil filter',
      description: 'Spin-on',
      barcode: '999',
      price: 999,
      low_stock: 2,
    });
  });

  it('refuses receiving nothing and editing a deleted product', async () => {
    expect(
      (await s.api('PUT', '/v2/inventory/product', { body: { data: { id: productId, receival: true, amount: 0 } } }))
        .status,
    ).toBe(400);
    await s.api('DELETE', '/v2/inventory/product', { body: { id: productId } });
    expect((await s.api('PUT', '/v2/inventory/product', { body: { data: { id: productId, price: 1 } } })).status).toBe(
      404,
    );
  });
});
