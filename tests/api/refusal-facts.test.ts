import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import type { RefusalFacts } from '../../src/domain/refusals';
import type { Data, InvoiceRead, Made, Raised, Refusal } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

/** A refused money call's answer: its words and the invoice's facts */
type FactsRefusal = Refusal & { facts: RefusalFacts };

/**
 * A refused money call answers the invoice's facts for the device to word (issue 14): its number and amount due
 * and, when it is paid in full, who took its last payment, when, and on which device (the receipt number's prefix).
 */
describe.each(DATABASES)('money refusals carry the facts (%s)', (kind) => {
  let s: TestServer;
  let token = '';
  let username = '';
  let bulb = '';
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.userToken(5);
    username = JSON.parse(Buffer.from(nth(token.split('.'), 1), 'base64url').toString()).username;
    bulb = (
      await s.api<Made>('POST', '/v2/inventory/product', {
        body: { data: { title: 'Bulb RF', description: 'Bulb', price: 1000, stock: 10, low_stock: 1 } },
      })
    ).body.id;
  });
  afterAll(() => s?.close());

  const sale = async () => {
    const res = await s.api<Data<Raised>>('POST', '/invoice-product', {
      token,
      body: { data: { fetchedData: 'default', productInvoice: [{ id: bulb, qty: 2 }] } },
    });
    return res.body.data.invoice_id;
  };
  const pay = (invoice_id: string, amount: number, number?: string) =>
    s.api<FactsRefusal>('POST', '/transaction', {
      token,
      body: { data: { method: 'cash', invoice_id, amount, number } },
    });
  const numberOf = async (id: string) =>
    (await s.api<Data<InvoiceRead>>('GET', `/invoice/${id}`, { token })).body.data.number;

  it('a settled invoice: who settled it, when and on which device, for a payment and an item return alike', async () => {
    const inv = await sale();
    expect((await pay(inv, 2000, 'B2-901')).status).toBe(200);
    const refused = await pay(inv, 4000);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.invalidPayment);
    const facts = refused.body.facts;
    expect(facts).toMatchObject({ invoice: await numberOf(inv), due: 0, settled_by: username, device: 'B2' });
    expect(Number.isNaN(Date.parse(facts.settled_at))).toBe(false);

    const back = await s.api('POST', '/invoice-return', {
      token,
      body: { data: { invoice_id: inv, items: [{ id: bulb, qty: 1 }], comment: 'Wrong bulb' } },
    });
    expect(back.status).toBe(400);
    expect(back.body.facts).toEqual(facts);
  });

  it('a part-paid invoice: how much is still due, and nobody settled it', async () => {
    const inv = await sale();
    expect((await pay(inv, 500)).status).toBe(200);
    const refused = await pay(inv, 4000);
    expect(refused.status).toBe(400);
    expect(refused.body.facts).toEqual({
      invoice: await numberOf(inv),
      due: 1500,
      settled_by: '',
      settled_at: '',
      device: '',
    });
  });
});
