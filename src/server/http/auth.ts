import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages';
import { soleUser, type Db } from '../db/client';
import { prepared } from '../db/prepared';
import { changeLog, users } from '../db/schema';
import { unauthorized } from './errors';

export interface User {
  id: string;
  username: string;
  permission: number;
}

/**
 * Signed-in users by username, kept only where this process is the database's only user (PGlite): there every
 * change to a user is a write through runWrite that reports `changed('users', …)` (the pull needs it too), and such
 * a write empties this map when it commits (`forgetUsers`), so a removal or demotion still takes effect at once. It
 * saves the users lookup of every request (≈ 0.5 ms of PGlite's single thread; docs/PERFORMANCE.md). PostgreSQL may
 * be shared by several processes: every request reads the row there, by a prepared statement.
 */
const knownUsers = new WeakMap<Db, { rows: Map<string, User>; generation: number }>();

/** Starts keeping signed-in users for a database this process alone uses (called once per database). */
export function keepUsersOf(db: Db): void {
  if (soleUser(db) && !knownUsers.has(db)) knownUsers.set(db, { rows: new Map(), generation: 0 });
}

/** A change to users committed: the next request of any user reads its row again. */
export function forgetUsers(db: Db): void {
  const known = knownUsers.get(db);
  if (!known) return;
  known.rows.clear();
  known.generation++;
}

const userByName = (db: Db) =>
  prepared(db, 'auth_user_by_name', (d) =>
    d
      .select({
        id: users.id,
        username: users.username,
        permission: users.permission,
        // read in the same round trip: see headSeenBy
        head: sql<string | null>`(select max(${changeLog.seq}) from ${changeLog})`,
      })
      .from(users)
      .where(and(eq(users.username, sql.placeholder('username')), eq(users.deleted, false)))
      .prepare('auth_user_by_name'),
  );

const headsSeen = new WeakMap<FastifyRequest, number>();

/**
 * The change feed's head as the request's user lookup read it (PostgreSQL), before any read of the handler: every
 * committed write adds a change, so an unchanged head means unchanged rows, and caches keyed by it (the job table's
 * totals) need no round trip of their own. In a read started from a kept user (earlyUser), the head that user was
 * read at: the read's own statements report the head they saw (sawHead) and the answer stands only if it is the
 * same. Undefined where the user came from memory (PGlite).
 */
export const headSeenBy = (req: FastifyRequest): number | undefined => headsSeen.get(req) ?? early.get(req)?.kept.head;

/** The token's user name and level, verified: a forged or expired token is 401. */
async function tokenOf(req: FastifyRequest): Promise<{ username: string; permission: number }> {
  let payload: { username?: unknown; permission?: unknown };
  try {
    payload = await req.jwtVerify();
  } catch {
    throw unauthorized(MSG.unauthorized);
  }
  if (typeof payload.username !== 'string') throw unauthorized(MSG.unauthorized);
  return { username: payload.username, permission: Number(payload.permission) || 0 };
}

// the database is the authority: a demotion takes effect at once, a token never raises a level
const levelled = (row: User, token: { permission: number }): User => ({
  ...row,
  permission: Math.min(row.permission, token.permission),
});

/** Verifies the bearer token and loads the user: a deleted user or a forged/expired token is 401. */
export async function authenticate(req: FastifyRequest, db: Db): Promise<User> {
  early.delete(req); // read now: no longer a read started from a kept user
  const token = await tokenOf(req);
  const known = knownUsers.get(db);
  let row = known?.rows.get(token.username);
  if (!row) {
    const generation = known?.generation;
    const [found] = await userByName(db).execute({ username: token.username });
    if (!found) throw unauthorized(MSG.unauthorized);
    const head = Number(found.head ?? 0);
    headsSeen.set(req, head);
    row = { id: found.id, username: found.username, permission: found.permission };
    // not when a change to users committed while this lookup ran: the row read may be the older one
    if (known && known.generation === generation) known.rows.set(row.username, row);
    if (!known) keepAtHead(db, row, head);
  }
  return levelled(row, token);
}

/**
 * Users by name as a lookup on PostgreSQL last read them, each with the change feed's head it was read at: every
 * change to a user adds a change in its own transaction, so while the head is still there the row is still the
 * database's, on every instance. A read that reports the heads it saw (ReadDef.confirmsUser) starts from it.
 */
const keptAtHead = new WeakMap<Db, Map<string, { user: User; head: number }>>();

function keepAtHead(db: Db, user: User, head: number) {
  let kept = keptAtHead.get(db);
  if (!kept) keptAtHead.set(db, (kept = new Map()));
  if (kept.size >= 1000) kept.clear();
  kept.set(user.username, { user, head });
}

/**
 * A read started from a kept user: the head the user was kept at; the one head its answer's data was read at (NaN:
 * more than one), whether kept or read now; and whether a statement of this request read it now.
 */
const early = new WeakMap<
  FastifyRequest,
  { kept: { user: User; head: number }; user: User; seen?: number; now?: boolean }
>();

/**
 * The token's user as kept at a head, on PostgreSQL, without a round trip — or undefined (none kept; PGlite, whose
 * users are in memory anyway). The read must then report the heads its statements see (sawHead) and be confirmed
 * (confirmEarly) before its answer is sent.
 */
export async function earlyUser(req: FastifyRequest, db: Db): Promise<User | undefined> {
  const token = await tokenOf(req);
  const kept = keptAtHead.get(db)?.get(token.username);
  if (!kept) return undefined;
  const user = levelled(kept.user, token);
  early.set(req, { kept, user });
  return user;
}

/** Whether this read started from a kept user and is not yet confirmed. */
export const startedEarly = (req: FastifyRequest): boolean => early.has(req);

/**
 * Data of this request's answer was read at the change feed's head `head` (in the same statement as the head): by a
 * statement of this request, or earlier (`kept`: a count kept under its head).
 */
export function sawHead(req: FastifyRequest, head: number, kept = false): void {
  const state = early.get(req);
  if (!state) return;
  state.seen = state.seen === undefined || state.seen === head ? head : NaN;
  if (!kept) state.now = true;
}

/**
 * Whether a read started from a kept user stands: all its data was read at the head the user was kept at and a
 * statement of this request read that head now (so it is still the head), or the user read now (one lookup) is the
 * same, at the same head as all the data — no write committed in between. Else the user as read now, for the read to
 * run again from it. A deleted user is 401 here as anywhere.
 */
export async function confirmEarly(req: FastifyRequest, db: Db): Promise<User | undefined> {
  const state = early.get(req);
  if (!state) return undefined;
  early.delete(req);
  if (state.seen === state.kept.head && state.now) return undefined;
  const user = await authenticate(req, db);
  const same =
    state.seen === headsSeen.get(req) && user.id === state.user.id && user.permission === state.user.permission;
  return same ? undefined : user;
}
