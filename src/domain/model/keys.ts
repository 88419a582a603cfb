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

/** A text column as a table sorts it: trimmed, upper-cased (case never changes the order), its first 64 characters. */
function sortText(s: unknown): string {
  return String(s ?? '')
    .trim()
    .toUpperCase()
    .slice(0, 64);
}

/**
 * The keys a row is listed by only while it is live. Products, suppliers and members are deleted by a flag (the row
 * stays: the Inventory Log still names a deleted product), and IndexedDB cannot index a boolean; instead a deleted
 * row's list keys are undefined, and IndexedDB leaves a row out of every index whose key it lacks: no table page, no
 * search, nothing to skip. Undefined, not absent, so a row deleted by a patch loses the keys it had.
 */
function whileLive<K extends Record<string, unknown>>(deleted: unknown, keys: K): { [P in keyof K]: K[P] | undefined } {
  return deleted
    ? (Object.fromEntries(Object.keys(keys).map((k) => [k, undefined])) as { [P in keyof K]: undefined })
    : keys;
}

/** An id as the search reads it (its dashes out, upper-cased, whole): 'a1b2c3d4-e5' is found by 'A1B2C3D4E'. */
const idWord = (id: unknown) =>
  String(id ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '');

/** The keys a product is sorted (each column of the products tables) and searched by (title, barcode, id, words). */
export function productKeys(p: Readonly<Record<string, unknown>>) {
  return {
    title_key: String(p.title ?? '')
      .trim()
      .toUpperCase(),
    ...whileLive(p.deleted, {
      list_title: sortText(p.title),
      list_description: sortText(p.description),
      list_price: Number(p.price ?? 0),
      list_stock: Number(p.stock ?? 0),
      list_low_stock: Number(p.low_stock ?? 0),
      list_cost: Number(p.cost ?? 0),
      word_keys: [...new Set([...wordKeys(p.title, p.description), ...wordKeys(p.barcode), idWord(p.id)])].filter(
        Boolean,
      ),
    }),
  };
}

/** The keys a supplier is sorted (each column of Suppliers) and searched by (its business name's words). */
export function supplierKeys(s: Readonly<Record<string, unknown>>) {
  return whileLive(s.deleted, {
    list_bizname: sortText(s.bizname),
    list_email: sortText(s.email),
    list_address: sortText(s.address),
    list_contact: sortText(s.contact),
    word_keys: wordKeys(s.bizname),
  });
}

/** The keys a team member is sorted (ID, Username, Permission) and searched by (the username). */
export function memberKeys(u: Readonly<Record<string, unknown>>) {
  return whileLive(u.deleted, {
    list_id: String(u.id ?? ''),
    list_username: sortText(u.username),
    list_permission: Number(u.permission ?? 0),
    word_keys: wordKeys(u.username),
  });
}
