import { and, eq, sql, type SQL } from 'drizzle-orm';
import { signInWaitSeconds } from '../../domain/signInLimits';
import type { ServerConfig } from '../config';
import type { Db, Tx } from '../db/client';
import { loginAttempts } from '../db/schema';

/**
 * The sign-in limits of src/domain/signInLimits.ts, kept in the database (login_attempts) so several instances share
 * them, and counted with the database's clock. An attempt is counted *before* its password is checked, in one
 * upsert that takes the row lock: fifty guesses sent at once cannot all slip under the limit. A right password then
 * gives back the one attempt it counted (so the count is of failures, and a member's own sign-ins between guesses
 * take nothing off the guesses). A key forgets its failures one window after the first of them: a shop behind one
 * address is not held to a day's typos, and a guesser still meets the doubling wait within each window.
 */
export type Gate = { open: true } | { open: false; waitSeconds: number };

type Limits = Pick<ServerConfig, 'loginMaxFailures' | 'loginMaxPerAddress' | 'loginWindowSeconds'>;

/** Sign-in keys of one attempt: the address with the name it tries, and the address alone. */
export function signInKeys(ip: string, username: string) {
  return { pair: `pair:${ip}\n${username.toLowerCase()}`, address: `ip:${ip}` };
}

/** Past this many failures over the limit the wait stays at its longest (the window). */
const SCHEDULE_LENGTH = 24;

/** The waits of signInWaitSeconds after the limit-th, (limit+1)-th, … failure, as a PostgreSQL int[] literal. */
function waitSchedule(limit: number, windowSeconds: number): string {
  const waits = Array.from({ length: SCHEDULE_LENGTH }, (_, k) => signInWaitSeconds(limit + k, limit, windowSeconds));
  return `{${waits.join(',')}}`;
}

/** Counts one attempt on `key`; closed (with the real wait) while the key is in its backoff. */
async function claim(db: Db, key: string, limit: number, windowSeconds: number): Promise<Gate> {
  const quiet = sql`${loginAttempts.window_start} < now() - make_interval(secs => ${windowSeconds}::int)`;
  const failures = sql`case when ${quiet} then 1 else ${loginAttempts.failures} + 1 end`;
  // the wait is looked up, not worked out again, so src/domain holds the one rule; set in the counting statement
  const waitAfter = (count: SQL) =>
    sql`case when ${count} >= ${limit}::int then now() + make_interval(secs => (${waitSchedule(limit, windowSeconds)}::int[])[least(${count} - ${limit}::int + 1, ${SCHEDULE_LENGTH}::int)]) end`;
  const claimed = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, window_start: sql`now()`, blocked_until: waitAfter(sql`1`) })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures,
        window_start: sql`case when ${quiet} then now() else ${loginAttempts.window_start} end`,
        blocked_until: waitAfter(failures),
      },
      setWhere: sql`${loginAttempts.blocked_until} is null or ${loginAttempts.blocked_until} <= now()`,
    })
    .returning({ failures: loginAttempts.failures });
  if (claimed.length > 0) return { open: true };
  return (await waitOf(db, key)) ?? { open: false, waitSeconds: 1 };
}

/** The gate of a key in its wait (counting nothing), or undefined when it has none. */
async function waitOf(db: Db, key: string): Promise<Gate | undefined> {
  const [row] = await db
    .select({ wait: sql<number>`extract(epoch from (${loginAttempts.blocked_until} - now()))::float8` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), sql`${loginAttempts.blocked_until} > now()`));
  return row ? { open: false, waitSeconds: Math.max(1, Number(row.wait)) } : undefined;
}

/**
 * Forgets the keys whose window has passed and whose wait is over: their next attempt would start again at 1 anyway.
 * Run with every attempt, so names and addresses a stranger makes up cannot fill the table: it holds the attempts
 * of one window at most.
 */
async function forgetQuietKeys(db: Db, windowSeconds: number): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      sql`${loginAttempts.window_start} < now() - make_interval(secs => ${windowSeconds}::int) and (${loginAttempts.blocked_until} is null or ${loginAttempts.blocked_until} <= now())`,
    );
}

/**
 * Claims an attempt for the address first, then for the pair; closed when either is waiting. A name already waiting
 * at this address is told so before anything is counted: a member pressing Sign in again and again while their name
 * waits would otherwise use up the address's attempts, and make everyone in the shop behind it wait too.
 */
export async function claimSignIn(db: Db, limits: Limits, ip: string, username: string): Promise<Gate> {
  const keys = signInKeys(ip, username);
  await forgetQuietKeys(db, limits.loginWindowSeconds);
  const waiting = await waitOf(db, keys.pair);
  if (waiting) return waiting;
  const address = await claim(db, keys.address, limits.loginMaxPerAddress, limits.loginWindowSeconds);
  if (!address.open) return address;
  return claim(db, keys.pair, limits.loginMaxFailures, limits.loginWindowSeconds);
}

/** A right password: the pair starts again, and the address is given back this attempt (never more). */
export async function signedIn(db: Db, ip: string, username: string): Promise<void> {
  const keys = signInKeys(ip, username);
  await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.pair));
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(eq(loginAttempts.key, keys.address));
}

/** The CLI and the Super Admin's unlock: forget every count of one username (all addresses), or of everyone. */
export async function clearSignInLimits(db: Db | Tx, username?: string): Promise<number> {
  const where = username
    ? sql`${loginAttempts.key} like 'pair:%' and split_part(${loginAttempts.key}, ${'\n'}, 2) = ${username.toLowerCase()}`
    : undefined;
  const gone = await db.delete(loginAttempts).where(where).returning({ key: loginAttempts.key });
  return gone.length;
}
