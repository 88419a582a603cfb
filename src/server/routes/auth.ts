import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG, fill } from '../../domain/messages';
import { waitInWords } from '../../domain/signInLimits';
import { users } from '../db/schema';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { claimSignIn, clearSignInLimits, signedIn } from '../auth/signInLimits';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { API } from '../../domain/apiRoutes';

export function authRoutes(app: FastifyInstance, s: AppServices) {
  const { db, config } = s;

  defineRoute(app, s, {
    call: API.login,
    summary: 'Sign in: returns value, message and a signed token {username, permission, exp}',
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
    call: API.signInLimitsReset,
    write: true,
    summary: 'Super Admin: let a member (or, without a username, everyone) sign in again at once after failed sign-ins',
    async handler({ tx, body, log }) {
      const cleared = await clearSignInLimits(tx, body.username || undefined);
      log('system', body.username ? `Team member ${body.username}` : 'Sign-in limits', 'sign-in waits cleared');
      return { value: true, message: 'Sign-in waits cleared', cleared };
    },
  });
}
