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
 * totals) need no round trip of their own. Undefined where the user came from memory (PGlite).
 */
export const headSeenBy = (req: FastifyRequest): number | undefined => headsSeen.get(req);

/** Verifies the bearer token and loads the user: a deleted user or a forged/expired token is 401. */
export async function authenticate(req: FastifyRequest, db: Db): Promise<User> {
  let payload: { username?: unknown; permission?: unknown };
  try {
    payload = await req.jwtVerify();
  } catch {
    throw unauthorized(MSG.unauthorized);
  }
  if (typeof payload.username !== 'string') throw unauthorized(MSG.unauthorized);
  const known = knownUsers.get(db);
  let row = known?.rows.get(payload.username);
  if (!row) {
    const generation = known?.generation;
    const [found] = await userByName(db).execute({ username: payload.username });
    if (!found) throw unauthorized(MSG.unauthorized);
    headsSeen.set(req, Number(found.head ?? 0));
    row = { id: found.id, username: found.username, permission: found.permission };
    // not when a change to users committed while this lookup ran: the row read may be the older one
    if (known && known.generation === generation) known.rows.set(row.username, row);
  }
  // the database is the authority: a demotion takes effect at once, a token never raises a level
  return { ...row, permission: Math.min(row.permission, Number(payload.permission) || 0) };
}
