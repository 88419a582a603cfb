import { sql, type SQL } from 'drizzle-orm';

/**
 * The job table's search (GET /bookings_): the text found anywhere in a job's plate (with or without its space), VIN,
 * names, contact, e-mail, number or technician, through one trigram index (pg_trgm, GIN) on this expression instead
 * of a scan of every job (issue 16). Migration 0005 creates the index on the same expression, written out there as
 * it is here: the planner uses the index only for the identical expression (tests/api/job-search.test.ts checks the
 * plan).
 */
export const JOB_SEARCH_TEXT = sql.raw(
  `lower(coalesce("registration", '') || ' ' || replace(coalesce("registration", ''), ' ', '') || ' ' || ` +
    `coalesce("vin", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || ` +
    `coalesce("contact", '') || ' ' || coalesce("email", '') || ' ' || coalesce("number", '') || ' ' || ` +
    `coalesce("technician", ''))`,
);

/**
 * Shorter searches have no trigram inside them to look up (a LIKE '%km%' reads the whole index, or every job): they
 * match the start of a word of the text ('km' finds plate KM 4821, 'le' surname Lee). Migration 0009 indexes each
 * job's word starts (`job_word_starts`: the first one and two characters of every word) in a GIN index that answers
 * exactly, without reading the text again: the matches are counted and, when they are few, read through it.
 */
const CONTAINS_MIN = 3;

/**
 * Up to this many matches a search's page is the newest of them read through its index (trigram or word start) and
 * sorted; past it, the page walks the sort's index testing each job's text (LIKE, or a short search's regular
 * expression) and stops at the page's end — with many matches that reads fewer jobs (at 1,000 of 100,000 jobs, about
 * 1,000 for a page of 10 either way).
 */
export const FEW_MATCHES = 1000;

/** How a search text is matched: LIKE, a word start through the index, or the same word start as a regex. */
export interface JobSearch {
  op: 'like' | 'starts' | 'regex';
  pattern: string;
}

/** The match for a search text, or none for an empty one; LIKE's wildcards in the text are matched as typed. */
export function jobSearch(text: string): JobSearch | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  if (wanted.length < CONTAINS_MIN) return { op: 'starts', pattern: wanted };
  return { op: 'like', pattern: `%${wanted.replace(/[\\%_]/g, (m) => `\\${m}`)}%` };
}

/** A short search as the regular expression a walk of the sort's index tests each job's text with (the same match). */
export const startsAsRegex = (search: JobSearch): JobSearch =>
  search.op === 'starts'
    ? { op: 'regex', pattern: `(^| )${search.pattern.replace(/[\\^$.*+?()[\]{}|-]/g, (m) => `\\${m}`)}` }
    : search;

/**
 * The condition for a match, its pattern a value or a prepared statement's placeholder. `walk`: the text as an
 * expression no index is on, so the only plans are a scan or a walk of the sort's index testing each job (the page
 * of a search with many matches: see SHALLOW_WALK in page.ts).
 */
export function jobsMatching(op: JobSearch['op'], pattern: unknown, use: 'index' | 'walk' = 'index'): SQL {
  const text = use === 'walk' ? sql`(${JOB_SEARCH_TEXT} || '')` : JOB_SEARCH_TEXT;
  if (op === 'like') return sql`${text} like ${pattern}`;
  if (op === 'regex') return sql`${text} ~ ${pattern}`;
  return sql`job_word_starts(${JOB_SEARCH_TEXT}) @> array[${pattern}::text]`;
}

/** The condition for a search text, or none for an empty one. */
export function searchJobs(text: string): SQL | undefined {
  const search = jobSearch(text);
  return search && jobsMatching(search.op, search.pattern);
}
