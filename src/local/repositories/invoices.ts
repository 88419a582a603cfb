import Dexie from 'dexie';
import { plateKey } from '../../domain/model/keys';
import type { BayBookDB, InvoiceRow } from '../db';
import { moneyWrites } from './invoiceMoney';
import { invoicePages } from './invoicePages';
import { invoiceWrites } from './invoiceWrites';

export type { InvoiceForm, Line } from './invoiceWrites';
export type { PaymentMethod } from '../../domain/entities';

/**
 * Invoices, product sales, payments, discounts, points, storage and item returns (SPEC §2 Invoice editor, Make Sale;
 * §4; §5 Invoice save and Payment; §7 Invoices and Payments). Money is integer cents.
 *
 * Money never merges silently (DESIGN.md): every money write carries the invoice `version` it was based on
 * (`base_version`), payments are append-only and the server re-checks them against the amount due when applied —
 * an offline payment larger than what is due after another device's payment comes back as a conflict.
 * Stock moves are deltas: two offline sales of the last unit both land and stock goes ≤ 0.
 */

export function invoicesRepository(db: BayBookDB) {
  const repo = {
    get: (id: string) => db.invoices.get(id),
    byNumber: (number: string) => db.invoices.where('number').equals(number).first(),
    forJob: (jobId: string) => db.invoices.where('request_id').equals(jobId).toArray(),
    /** every invoice of a vehicle (job invoices and product sales), newest first: the Service History PDF */
    forVin: (vin: string) => db.invoices.where('vin_key').equals(plateKey(vin)).reverse().sortBy('created_at'),
    transactions: (invoiceId: string) => db.transactions.where('invoice_id').equals(invoiceId).sortBy('created_at'),
    /** Transactions between two instants (Transactions screen, 'Transactions Today' strip) */
    transactionsBetween: (fromIso: string, toIso: string) =>
      db.transactions.where('created_at').between(fromIso, toIso, true, false).toArray(),
    /** the amount due (the `total` column, SPEC §3) */
    due: (inv: Pick<InvoiceRow, 'total'>) => inv.total,

    ...invoicePages(db),
    ...invoiceWrites(db),
    ...moneyWrites(db),

    /** invoices created between two instants (reports, paid/unpaid cards) */
    createdBetween: (fromIso: string, toIso: string) =>
      db.invoices.where('created_at').between(fromIso, toIso, true, false).toArray(),
    all: () => db.invoices.where('created_at').between(Dexie.minKey, Dexie.maxKey).reverse().toArray(),
  };
  return repo;
}
