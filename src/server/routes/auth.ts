import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { waitInWords } from '../../domain/signInLimits';
import { lookalikeOf } from '../../domain/usernames';
import {
  PASSWORD_MASK,
  addMemberSchema,
  editMemberSchema,
  idPayloadSchema,
  loginSchema,
  signInUnlockSchema,
} from '../../domain/schemas';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { claimSignIn, clearSignInLimits, signedIn } from '../auth/signInLimits';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';

export { PASSWORD_MASK };

/** What a team member looks like on the wire: the password is never sent, only a mask (SPEC §2 Members). */
const publicUser = (u: { id: string; username: string; permission: number }) => ({
  id: u.id,
  username: u.username,
  permission: u.permission,
  password: PASSWORD_MASK,
});

export function authRoutes(app: FastifyInstance, s: AppServices) {
  const { db, config } = s;

  defineRoute(app, s, {
    method: 'POST',
    path: '/login',
    summary: 'Sign in: returns value, message and a signed token {username, permission, exp}',
    body: loginSchema,
    async handler({ body, req, reply }) {
      const gate = await claimSignIn(db, config, req.ip, body.username);
      if (!gate.open) {
        reply.code(429).header('Retry-After', String(Math.ceil(gate.waitSeconds)));
        return { value: false, message: fill(MSG.loginRateLimited, { wait: waitInWords(gate.waitSeconds) }) };
      }
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, body.username), eq(users.deleted, false)));
      // the same work and the same words whether the name or the password is wrong: no user enumeration
      const ok = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) {
        reply.code(401);
        return { value: false, message: MSG.loginFailed };
      }
      await signedIn(db, req.ip, body.username);
      const token = s.signToken({ username: user.username, permission: user.permission });
      return { value: true, message: `Welcome ${user.username}`, token };
    },
  });

  defineRoute(app, s, {
    method: 'DELETE',
    path: '/v3/sign-in-limits',
    write: true,
    summary: 'Super Admin: let a member (or, without a username, everyone) sign in again at once after failed sign-ins',
    body: signInUnlockSchema,
    async handler({ tx, body, log }) {
      const cleared = await clearSignInLimits(tx, body.username || undefined);
      log('system', body.username ? `Team member ${body.username}` : 'Sign-in limits', 'sign-in waits cleared');
      return { value: true, message: 'Sign-in waits cleared', cleared };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/v2/auth/user-list/:level',
    summary: 'Team members of one level (the technician list is level 3)',
    async handler({ params }) {
      const level = Number(params.level);
      if (!Number.isInteger(level) || level < 1 || level > 5) throw badRequest(MSG.permissionRange);
      const rows = await db
        .select({ id: users.id, username: users.username, permission: users.permission })
        .from(users)
        .where(and(eq(users.permission, level), eq(users.deleted, false)))
        .orderBy(asc(users.username));
      return { value: true, data: rows.map(publicUser) };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/v2/auth/users',
    summary: 'All team members, passwords masked',
    async handler() {
      const rows = await db
        .select({ id: users.id, username: users.username, permission: users.permission })
        .from(users)
        .where(eq(users.deleted, false))
        .orderBy(asc(users.username));
      return { value: true, data: rows.map(publicUser) };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/v2/auth/user',
    write: true,
    summary: 'Add a team member {username, permission, password}',
    body: addMemberSchema,
    async handler({ tx, body, changed, log }) {
      await refuseNameClash(tx, body.username);
      const id = body.id ?? newId();
      await tx.insert(users).values({
        id,
        username: body.username,
        permission: body.permission,
        password_hash: await hashPassword(body.password),
      });
      changed('users', id);
      log('system', `Team member ${body.username}`, `added with permission ${body.permission}`);
      return { value: true, message: 'Member added', id };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/v2/auth/user',
    write: true,
    summary: 'Edit a team member (password unchanged when empty or masked)',
    body: editMemberSchema,
    async handler({ tx, body, user, changed, log }) {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, body.id), eq(users.deleted, false)));
      if (!row) throw notFound(MSG.notFound);
      if (body.username !== row.username) await refuseNameClash(tx, body.username, body.id);
      if (row.permission === 5 && body.permission < 5) await keepOneSuperAdmin(tx, row.id);
      if (row.id === user.id && body.permission < row.permission) {
        throw new HttpError(400, MSG.cannotLowerOwnPermission);
      }
      const password = body.password && body.password !== PASSWORD_MASK ? await hashPassword(body.password) : undefined;
      await tx
        .update(users)
        .set({
          username: body.username,
          permission: body.permission,
          ...(password ? { password_hash: password } : {}),
          updated_at: new Date(),
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, body.id));
      changed('users', body.id);
      log('system', `Team member ${body.username}`, `edited${password ? ' (password changed)' : ''}`);
      return { value: true, message: 'Member updated' };
    },
  });

  defineRoute(app, s, {
    method: 'DELETE',
    path: '/v2/auth/user',
    write: true,
    summary: 'Remove a team member (row {id})',
    body: idPayloadSchema,
    async handler({ tx, body, user, changed, log }) {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, body.id), eq(users.deleted, false)));
      if (!row) throw notFound(MSG.notFound);
      if (row.id === user.id) throw badRequest(MSG.cannotRemoveSelf);
      if (row.permission === 5) await keepOneSuperAdmin(tx, row.id);
      // soft delete: the username stays on the jobs, logs and payments it signed
      await tx
        .update(users)
        .set({ deleted: true, updated_at: new Date(), version: sql`${users.version} + 1` })
        .where(eq(users.id, row.id));
      changed('users', row.id, 'delete');
      log('system', `Team member ${row.username}`, 'removed');
      return { value: true, message: 'Member removed' };
    },
  });
}

/**
 * A name already used, or one a person would read as another member's (removed members too: their name stays on
 * the jobs and logs they signed), is refused.
 */
async function refuseNameClash(tx: Tx, username: string, exceptId?: string) {
  const others = await tx
    .select({ username: users.username })
    .from(users)
    .where(exceptId ? ne(users.id, exceptId) : undefined);
  if (others.some((o) => o.username === username)) throw conflict(MSG.usernameTaken);
  const like = lookalikeOf(
    username,
    others.map((o) => o.username),
  );
  if (like) throw conflict(fill(MSG.usernameLookalike, { name: like }));
}

async function keepOneSuperAdmin(tx: Tx, leaving: string) {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.permission, 5), eq(users.deleted, false), ne(users.id, leaving)));
  if (others.length === 0) throw badRequest(MSG.lastSuperAdmin);
}
