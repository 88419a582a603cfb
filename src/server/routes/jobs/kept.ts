import { count, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { changeLog, jobs } from '../../db/schema';
import { sawHead } from '../../http/auth';
import type { AppServices } from '../../http/services';
import { jobsMatching, type JobSearch } from './search';

/**
 * The change feed's head, read in the same statement as a count or a page (one snapshot): the totals are kept under
 * it, and a read started from a kept user is confirmed by it (ReadDef.confirmsUser).
 */
export const HEAD = sql`(select coalesce(max(${changeLog.seq}), 0) from ${changeLog})`.mapWith(Number);

/** A result and the change feed's head read in the same statement (one snapshot). */
export interface AtHead<T> {
  head: number;
  value: T;
}

/**
 * Results of the job table's reads, each kept under the change feed's head it was read with: every write to a job
 * adds a change in its own transaction, so an unchanged head means an unchanged result — on every instance on the
 * database. `head` is the request's: its user lookup's, or the kept user's it started from (then `sawHead` lets the
 * page confirm it), or on PGlite read first. Counting 100,000 jobs per page turn was most of the list's time, and a
 * two-character search's page read all its matches' rows to sort them (issue 16).
 */
export function keptUnderHead<T>(size: number) {
  const kept = new Map<string, AtHead<T>>();
  return async (req: FastifyRequest, head: number, key: string, read: () => Promise<AtHead<T>>): Promise<T> => {
    const hit = kept.get(key);
    if (hit && hit.head === head) {
      sawHead(req, hit.head, true);
      return hit.value;
    }
    const got = await read();
    sawHead(req, got.head);
    if (kept.size >= size) kept.clear();
    kept.set(key, got);
    return got.value;
  };
}

/**
 * How many jobs a search matches, and the head then, counted through the trigram index: when nearly every job
 * matches ('87', the start of every contact number) the planner would rather scan the table and work out each job's
 * search keys (several regular expressions a job), and compile that scan (JIT).
 */
export async function countMatches(db: AppServices['db'], search: JobSearch | undefined): Promise<AtHead<number>> {
  const counted = { value: count(), head: HEAD };
  if (!search) return (await db.select(counted).from(jobs))[0];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`);
    return (await tx.select(counted).from(jobs).where(jobsMatching(search.pattern)))[0];
  });
}
