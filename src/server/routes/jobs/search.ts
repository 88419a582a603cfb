import { sql, type SQL } from 'drizzle-orm';
import { jobSearchTerms } from '../../../domain/jobs';
import type { SearchKey, SearchTerm } from '../../../domain/search';

/**
 * The job table's search (GET /bookings_) by the shop search's rule, the device's (src/domain/jobs.ts
 * `jobSearchTerms`/`jobMatchesSearch`): a plate or VIN by its start, a VIN by its end, a name either order, a phone
 * number's digits, an email and the #number by their start (issue 35: the server matched text anywhere, the
 * technician too, and answered otherwise than the device). The domain says which keys to look at and with which
 * prefix; here each key is worked out from the job's columns in SQL as src/domain/model/keys.ts `customerKeys` does,
 * and the keys are one text, each behind its tag ('|r:PK12|v:1HGC…|n:LEE ANN|…'), so a search is one regular
 * expression (`\|r:PK12|\|v:PK12|…`) that a trigram index (pg_trgm, GIN) on the same text answers. Migration 0014
 * creates the index on this expression written out character for character (the planner uses it only for the
 * identical expression; tests/api/job-search.test.ts checks the plan).
 */

/** a plate, VIN or number as keyed: upper-cased, without spaces or dashes (`plateKey`) */
const plate = (col: string) => `upper(regexp_replace(coalesce("${col}", ''), '[\\s-]+', '', 'g'))`;
/** a name part trimmed as String.trim does */
const trimmed = (col: string) => `regexp_replace(coalesce("${col}", ''), '^\\s+|\\s+$', '', 'g')`;
const name = (a: string, b: string) => `upper(${trimmed(a)} || ' ' || ${trimmed(b)})`;

/** Each key the job search reads, its tag in the text and its SQL (`customerKeys`, `numberKey`, `hasEmail`). */
const KEYS: Partial<Record<SearchKey, { tag: string; sql: string }>> = {
  registration_key: { tag: 'r', sql: plate('registration') },
  vin_key: { tag: 'v', sql: plate('vin') },
  vin_end_key: { tag: 'e', sql: `reverse(${plate('vin')})` },
  name_key: { tag: 'n', sql: name('last_name', 'first_name') },
  first_key: { tag: 'f', sql: name('first_name', 'last_name') },
  phone_key: { tag: 'p', sql: `regexp_replace(coalesce("contact", ''), '[^0-9]+', '', 'g')` },
  // SPEC §3 stores 'none' for a job without email: no address to find
  email_key: {
    tag: 'm',
    sql: `(case when lower(${trimmed('email')}) in ('', 'none') then '' else lower(${trimmed('email')}) end)`,
  },
  number_key: { tag: '#', sql: plate('number') },
};

/** The job's search keys as one text, each behind its tag: the expression migration 0014 indexes. */
const JOB_SEARCH_TEXT = sql.raw(
  `(${Object.values(KEYS)
    .map((k) => `'|${k.tag}:' || ${k.sql}`)
    .join(' || ')})`,
);

/**
 * Up to this many matches a search's page is the newest of them read through the trigram index and sorted; past it,
 * the page walks the sort's index testing each job's keys and stops at the page's end — with many matches that reads
 * fewer jobs (at 1,000 of 100,000 jobs, about 1,000 for a page of 10 either way).
 */
export const FEW_MATCHES = 1000;

/** A search as the regular expression matched against JOB_SEARCH_TEXT. */
export interface JobSearch {
  pattern: string;
}

const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|-]/g, (m) => `\\${m}`);

/** The regular expression of a search's terms: a key (by its tag) starting with the term's prefix. */
const termsPattern = (terms: readonly SearchTerm[]): string =>
  terms.map((t) => `\\|${escapeRegex(KEYS[t.key]!.tag)}:${escapeRegex(t.prefix)}`).join('|');

/** The match for a search text by the domain's terms, or none when it has none (every job matches). */
export function jobSearch(text: string): JobSearch | undefined {
  const terms = jobSearchTerms(text);
  return terms.length ? { pattern: termsPattern(terms) } : undefined;
}

/**
 * The condition for a match, its pattern a value or a prepared statement's placeholder. `walk`: the text as an
 * expression no index is on, so the only plans are a scan or a walk of the sort's index testing each job (the page
 * of a search with many matches: see SHALLOW_WALK in page.ts).
 */
export function jobsMatching(pattern: unknown, use: 'index' | 'walk' = 'index'): SQL {
  const text = use === 'walk' ? sql`(${JOB_SEARCH_TEXT} || '')` : JOB_SEARCH_TEXT;
  return sql`${text} ~ ${pattern}`;
}

/** The condition for a search text, or none when it has no terms. */
export function searchJobs(text: string): SQL | undefined {
  const search = jobSearch(text);
  return search && jobsMatching(search.pattern);
}
