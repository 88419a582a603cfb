import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import { PASSWORD_MASK, addMemberSchema, editMemberSchema, idPayloadSchema, loginSchema } from '../../domain/schemas';
import { loginAttempts, users } from '../db/schema';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords';
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

  async function tooManyFailures(keys: string[]): Promise<boolean> {
    const since = Date.now() - config.loginWindowSeconds * 1000;
    for (const key of keys) {
      const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
      if (row && row.window_start.getTime() > since && row.failures >= config.loginMaxFailures) return true;
    }
    return false;
  }

  async function recordFailure(keys: string[]) {
    const windowStart = new Date(Date.now() - config.loginWindowSeconds * 1000);
    for (const key of keys) {
      await db
        .insert(loginAttempts)
        .values({ key, failures: 1 })
        .onConflictDoUpdate({
          target: loginAttempts.key,
          // a window that has run out starts again from this failure
          set: {
            failures: sql`case when ${loginAttempts.window_start} < ${windowStart} then 1 else ${loginAttempts.failures} + 1 end`,
            window_start: sql`case when ${loginAttempts.window_start} < ${windowStart} then now() else ${loginAttempts.window_start} end`,
          },
        });
    }
  }

  defineRoute(app, s, {
    method: 'POST',
    path: '/login',
    summary: 'Sign in: returns value, message and a signed token {username, permission, exp}',
    body: loginSchema,
    async handler({ body, req, reply }) {
      const username = String(body.username);
      const keys = [`u:${username.toLowerCase()}`, `ip:${req.ip}`];
      if (await tooManyFailures(keys)) {
        reply.code(429);
        return { value: false, message: MSG.loginRateLimited };
      }
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, username), eq(users.deleted, false)));
      // the same work and the same words whether the name or the password is wrong: no user enumeration
      const ok = await verifyPassword(String(body.password), user?.password_hash ?? DUMMY_HASH);
      if (!user || !ok) {
        await recordFailure(keys);
        reply.code(401);
        return { value: false, message: MSG.loginFailed };
      }
      await db.delete(loginAttempts).where(eq(loginAttempts.key, keys[0]));
      const token = s.signToken({ username: user.username, permission: user.permission });
      return { value: true, message: `Welcome ${user.username}`, token };
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
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, body.username));
      if (taken) throw conflict(MSG.usernameTaken);
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
      const [row] = await tx.select().from(users).where(and(eq(users.id, body.id), eq(users.deleted, false)));
      if (!row) throw notFound(MSG.notFound);
      if (body.username !== row.username) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.username, body.username), ne(users.id, body.id)));
        if (taken) throw conflict(MSG.usernameTaken);
      }
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
      const [row] = await tx.select().from(users).where(and(eq(users.id, body.id), eq(users.deleted, false)));
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

async function keepOneSuperAdmin(tx: Parameters<Parameters<AppServices['db']['transaction']>[0]>[0], leaving: string) {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.permission, 5), eq(users.deleted, false), ne(users.id, leaving)));
  if (others.length === 0) throw badRequest(MSG.lastSuperAdmin);
}
