/**
 * The shop search (issue 13): what a search box finds, the same on every screen that searches customers and
 * vehicles. Every part is a *prefix* of a normalised key the device stores beside the row (src/domain/model/keys.ts
 * `customerKeys`), so the device answers from index ranges instead of reading every row:
 * - a registration with or without its space or dash ('pk 12', 'PK12', 'pk-12'), and a VIN by its start;
 * - a VIN by its end, from 4 characters ('4352', the last six as staff read them off a windscreen);
 * - a name: surname first or first name first ('lee', 'lee an', 'ann l');
 * - a phone number by its start, typed with or without spaces, dashes or brackets ('876-555');
 * - an email by its start.
 * Case never matters. `searchTerms` says which key ranges to read; `matchesTerms` checks a row by the same rule, so
 * an index range and a filter over rows can never disagree.
 */

/** The normalised keys a search reads (each has an index on the device). */
export type SearchKey =
  'registration_key' | 'vin_key' | 'vin_end_key' | 'name_key' | 'first_key' | 'phone_key' | 'email_key';

export interface SearchTerm {
  key: SearchKey;
  prefix: string;
}

/** A search counts its matches up to this many; past it the screen says "more than 1,000". */
export const SEARCH_COUNT_CAP = 1000;

/** From this many characters a search also looks at the end of the VIN. */
export const VIN_END_MIN = 4;

const PHONE_TEXT = /^[\d\s()+.-]+$/;

/** upper-cased, no spaces or dashes: the key plates and VINs are compared by */
function plate(s: string): string {
  return s.toUpperCase().replace(/[\s-]+/g, '');
}

/** The prefix ranges a search reads; none for an empty search. */
export function searchTerms(search: string): SearchTerm[] {
  const q = search.trim();
  if (!q) return [];
  const terms: SearchTerm[] = [];
  const p = plate(q);
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
  return terms;
}

/** Does a row (with its normalised keys) match any of the terms? No terms: every row matches. */
export function matchesTerms(row: Partial<Record<SearchKey, unknown>>, terms: readonly SearchTerm[]): boolean {
  if (!terms.length) return true;
  return terms.some((t) => String(row[t.key] ?? '').startsWith(t.prefix));
}
