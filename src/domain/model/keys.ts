import { invoiceTotal } from '../invoiceFields';
import { isPaid } from '../totals';

/**
 * The normalised keys a device stores beside a row (src/local/rows.ts derive adds them on every write, the Dexie
 * upgrades fill them in): plain prefix ranges then serve the searches of src/domain/search.ts.
 */

/** upper-cased, no spaces or dashes: what plate and VIN lookups compare */
export function plateKey(s: unknown): string {
  return String(s ?? '')
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

export function nameKey(last: unknown, first: unknown): string {
  return `${String(last ?? '').trim()} ${String(first ?? '').trim()}`.toUpperCase();
}

/** The keys a customer is sorted and searched by. */
export function customerKeys(c: {
  vin?: unknown;
  registration?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  contact?: unknown;
  email?: unknown;
}) {
  const vin = plateKey(c.vin);
  return {
    registration_key: plateKey(c.registration),
    vin_key: vin,
    vin_end_key: [...vin].reverse().join(''),
    name_key: nameKey(c.last_name, c.first_name),
    first_key: nameKey(c.first_name, c.last_name),
    phone_key: String(c.contact ?? '').replace(/\D+/g, ''),
    email_key: String(c.email ?? '')
      .trim()
      .toLowerCase(),
  };
}

/** A document's number as searched: upper-cased, no spaces or dashes ('A1-0042' is found by 'a10' and 'A1-00'). */
export function numberKey(n: unknown): string {
  return plateKey(n);
}

/** How many word starts of a text are keyed, and how long a key runs: enough for a log's subject and its reference. */
const WORD_KEYS_MAX = 8;
const WORD_KEY_LEN = 24;

/**
 * The word keys of a text (a log's subject, a stock movement's reason and reference): from each word's start, the
 * rest of the text upper-cased with its spaces and punctuation taken out ('Job #A1-7' keys 'JOBA17' and 'A17'). A
 * search run together the same way is a prefix of one of them when it starts at a word and runs on: 'a1', 'job #a1',
 * 'member mi'. Stored as a multi-entry index.
 */
export function wordKeys(...texts: unknown[]): string[] {
  const words = texts
    .flatMap((t) => String(t ?? '').split(/\s+/))
    .map((w) => w.toUpperCase().replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter(Boolean);
  const keys = words.slice(0, WORD_KEYS_MAX).map((_, i) => words.slice(i).join('').slice(0, WORD_KEY_LEN));
  return [...new Set(keys)];
}

/** The keys an invoice is sorted and searched by: its vehicle and customer as a customer's, its number, its state. */
export function invoiceKeys(i: Readonly<Record<string, unknown>>) {
  const { registration_key, vin_key, vin_end_key, name_key, first_key } = customerKeys(i);
  return {
    registration_key,
    vin_key,
    vin_end_key,
    name_key,
    first_key,
    number_key: numberKey(i.number),
    /** what the customer is charged (the Total column) */
    charged: invoiceTotal({ totals: i.totals, discount: i.discount }),
    /** 1 while an amount is due, else 0 (SPEC §4): the Due and Paid filters and the summary cards read by it */
    is_due: isPaid(Number(i.total ?? 0)) ? 0 : 1,
  };
}
