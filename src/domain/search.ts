import { numberKey, plateKey, wordKeys } from './model/keys';

/**
 * The shop search (issue 13): what a search box finds, the same on every screen that searches customers and
 * vehicles. Every part is a *prefix* of a normalised key the device stores beside the row (src/domain/model/keys.ts
 * `customerKeys`), so the device answers from index ranges instead of reading every row:
 * - a registration with or without its space or dash ('pk 12', 'PK12', 'pk-12'), and a VIN by its start;
 * - a VIN by its end, from 4 characters ('4352', the last six as staff read them off a windscreen);
 * - a name: surname first or first name first ('lee', 'lee an', 'ann l');
 * - a phone number by its start, typed with or without spaces, dashes or brackets ('876-555');
 * - an email by its start;
 * - a document by its number, with or without its 'INV' or 'EST' and its dash ('inv a1-00', 'A100');
 * - a log by the start of any word of it, running on across words ('a1', 'job #a1', 'member mi': wordKeys);
 * - by the same word keys, a product by the start of its title, a description word, its barcode or its id, a
 *   supplier by a word of its name, a member by the username (src/domain/model/keys.ts productKeys, supplierKeys,
 *   memberKeys: a deleted one has none).
 * Each table searches the keys it stores (an invoice has no phone, a log only its words).
 * Case never matters. `searchTerms` says which key ranges to read; `matchesTerms` checks a row by the same rule, so
 * an index range and a filter over rows can never disagree.
 */

/** The normalised keys a search reads (each has an index on the device). */
export type SearchKey =
  | 'registration_key'
  | 'vin_key'
  | 'vin_end_key'
  | 'name_key'
  | 'first_key'
  | 'phone_key'
  | 'email_key'
  | 'number_key'
  | 'word_keys';

/** The keys of the customer and vehicle search (the Customers table). */
const CUSTOMER_SEARCH: readonly SearchKey[] = [
  'registration_key',
  'vin_key',
  'vin_end_key',
  'name_key',
  'first_key',
  'phone_key',
  'email_key',
];

export interface SearchTerm {
  key: SearchKey;
  prefix: string;
}

/** A search counts its matches up to this many; past it the screen says "more than 1,000". */
export const SEARCH_COUNT_CAP = 1000;

/** From this many characters a search also looks at the end of the VIN. */
export const VIN_END_MIN = 4;

const PHONE_TEXT = /^[\d\s()+.-]+$/;

/** The prefix ranges a search reads over the keys a table stores; none for an empty search. */
export function searchTerms(search: string, keys: readonly SearchKey[] = CUSTOMER_SEARCH): SearchTerm[] {
  const q = search.trim();
  if (!q) return [];
  return allTerms(q).filter((t) => keys.includes(t.key));
}

function allTerms(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const p = plateKey(q);
  if (p) {
    terms.push({ key: 'registration_key', prefix: p }, { key: 'vin_key', prefix: p });
    if (p.length >= VIN_END_MIN) terms.push({ key: 'vin_end_key', prefix: [...p].reverse().join('') });
  }
  const name = q.replace(/\s+/g, ' ').toUpperCase();
  terms.push({ key: 'name_key', prefix: name }, { key: 'first_key', prefix: name });
  if (PHONE_TEXT.test(q)) {
    const digits = q.replace(/\D+/g, '');
    if (digits) terms.push({ key: 'phone_key', prefix: digits });
  }
  if (!/\s/.test(q)) terms.push({ key: 'email_key', prefix: q.toLowerCase() });
  const number = numberKey(q).replace(/^(INV|EST)/, '');
  if (number) terms.push({ key: 'number_key', prefix: number });
  const words = wordKeys(q)[0];
  if (words) terms.push({ key: 'word_keys', prefix: words });
  return terms;
}

/** Does a row (with its normalised keys) match any of the terms? No terms: every row matches. */
export function matchesTerms(row: Readonly<Record<string, unknown>>, terms: readonly SearchTerm[]): boolean {
  if (!terms.length) return true;
  return terms.some((t) => {
    const v = row[t.key];
    return Array.isArray(v) ? v.some((k) => String(k).startsWith(t.prefix)) : String(v ?? '').startsWith(t.prefix);
  });
}
