import { and, desc, eq, inArray } from 'drizzle-orm';
import { PAYMENT_METHODS } from '../../domain/entities';
import type { RefusalFacts } from '../../domain/refusals';
import type { Tx } from '../db/client';
import { transactions } from '../db/schema';
import type { InvoiceRow } from './ledger';

/** A receipt number's device code ('B2' of 'B2-17'); '' for the server's own series ('S-4'). */
const deviceOf = (number: string) => /^([A-Z]\d{1,4})-/.exec(number)?.[1] ?? '';

/**
 * What a refused money call's answer tells the device about its invoice (issue 14): the number and amount due and,
 * when it is paid in full, the payment that settled it (its last one): by whom, when, on which device. The device
 * words them ("INV B2-42 was paid in full on device A1 by jdoe at Mar 4, 10:14 AM — your $40.00 cash payment was not
 * recorded"); the transaction rows are the record of who took what, so nothing else keeps it twice.
 */
export async function refusalFacts(tx: Tx, inv: InvoiceRow): Promise<{ facts: RefusalFacts }> {
  const facts: RefusalFacts = { invoice: inv.number, due: inv.total, settled_by: '', settled_at: '', device: '' };
  if (inv.total > 0) return { facts };
  const [last] = await tx
    .select({ number: transactions.number, username: transactions.username, created_at: transactions.created_at })
    .from(transactions)
    .where(
      and(
        eq(transactions.invoice_id, inv.id),
        eq(transactions.deleted, false),
        inArray(transactions.method, [...PAYMENT_METHODS]),
      ),
    )
    .orderBy(desc(transactions.created_at))
    .limit(1);
  if (!last) return { facts };
  return {
    facts: {
      ...facts,
      settled_by: last.username,
      settled_at: last.created_at.toISOString(),
      device: deviceOf(last.number),
    },
  };
}
