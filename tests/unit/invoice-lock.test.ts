import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { isInvoiceLocked, isPaid } from '../../src/domain/totals';
import { openLocalDb, setMeta, type InvoiceRow } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';

/**
 * SPEC §4: "A fully paid invoice (total 0) shows PAID ... and locks work hours, rate and product edits and items."
 * One rule (src/domain/totals.ts isInvoiceLocked) for the server (src/server/invoices/ledger.ts) and the device
 * (src/local/repositories/invoices.ts); the API side is tested in tests/api/messages.test.ts.
 */
describe('isInvoiceLocked (SPEC §4)', () => {
  it('locks exactly when the amount due is 0, however it got there', () => {
    // paid by money
    expect(isInvoiceLocked({ total: 0, payment: 10_000 } as { total: number })).toBe(true);
    // brought to 0 by points or a discount alone: nothing paid in money, still PAID and locked
    expect(isInvoiceLocked({ total: 0 })).toBe(true);
    expect(isInvoiceLocked({ total: -1 })).toBe(true);
    // any amount due leaves it open
    expect(isInvoiceLocked({ total: 1 })).toBe(false);
    expect(isInvoiceLocked({ total: 13_798 })).toBe(false);
  });

  it('is the same rule as the PAID label', () => {
    for (const total of [-5, 0, 1, 50, 1_000_000]) expect(isInvoiceLocked({ total })).toBe(isPaid(total));
  });
});

describe('the device refuses edits of an invoice brought to 0 without a payment', () => {
  it('edit, discount, points and storage say the invoice is paid in full', async () => {
    const db = openLocalDb(`lock-${newId()}`);
    await setMeta(db, 'session', { username: 'admin', permission: 5 });
    const repos = createRepositories(db);
    const now = new Date().toISOString();
    const inv: InvoiceRow = {
      id: newId(),
      number: 'A1-1',
      request_id: null,
      customer_id: null,
      first_name: 'Ann',
      last_name: 'Lee',
      registration: 'PK 1',
      vin: 'VIN1',
      // labour $50, 100 points worth $50 redeemed: amount due 0 with no money paid
      total: 0,
      payment: 0,
      discount: 0,
      discount_percent: 0,
      points_value: 5000,
      work_hour: 1,
      rate_hour: 5000,
      products: [],
      profile: {},
      totals: {},
      storage: 'off',
      storage_days: 0,
      invoice_status: 'open',
      type: 'service',
      created_by: '',
      created_at: now,
      updated_at: now,
      version: 3,
    };
    await db.invoices.put(inv);
    await expect(repos.invoices.edit(inv.id, { work_hour: 2, rate_hour: 5000 }, [])).rejects.toThrow(
      MSG.invoicePaidLocked,
    );
    await expect(repos.invoices.discount(inv.id, 10)).rejects.toThrow(MSG.invoicePaidLocked);
    await expect(repos.invoices.redeem(inv.id, 1)).rejects.toThrow(MSG.invoicePaidLocked);
    await expect(repos.invoices.setStorage(inv.id, true, 2)).rejects.toThrow(MSG.invoicePaidLocked);
    expect(await db.invoices.get(inv.id)).toEqual(inv);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});
