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
 * match the start of a column or of a word in one ('km' finds plate KM 4821, 'le' surname Lee), as a regular
 * expression after a space or at the start, whose trigrams ('  k', ' km') the same index holds.
 */
const CONTAINS_MIN = 3;

/** How a search text is matched: a LIKE pattern, or a regular expression for a short one (see CONTAINS_MIN). */
export interface JobSearch {
  op: 'like' | 'regex';
  pattern: string;
}

/** The match for a search text, or none for an empty one; LIKE's wildcards in the text are matched as typed. */
export function jobSearch(text: string): JobSearch | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  if (wanted.length < CONTAINS_MIN)
    return { op: 'regex', pattern: `(^| )${wanted.replace(/[\\^$.*+?()[\]{}|-]/g, (m) => `\\${m}`)}` };
  return { op: 'like', pattern: `%${wanted.replace(/[\\%_]/g, (m) => `\\${m}`)}%` };
}

/** The condition for a match, its pattern a value or a prepared statement's placeholder. */
export const jobsMatching = (op: JobSearch['op'], pattern: unknown): SQL =>
  op === 'like' ? sql`${JOB_SEARCH_TEXT} like ${pattern}` : sql`${JOB_SEARCH_TEXT} ~ ${pattern}`;

/** The condition for a search text, or none for an empty one. */
export function searchJobs(text: string): SQL | undefined {
  const search = jobSearch(text);
  return search && jobsMatching(search.op, search.pattern);
}
