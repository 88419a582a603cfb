import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG } from '../../domain/messages';
import { withDevice } from '../../domain/fieldChanges';
import { SUPER_ADMIN_LEVEL } from '../../domain/levels';
import { newId } from '../../domain/ids';
import { PASSWORD_MASK } from '../../domain/schemas';
import {
  TEAM_CALLS,
  memberMissing,
  memberSubject,
  planMemberAdd,
  planMemberEdit,
  planMemberRemove,
  type TeamView,
} from '../../domain/writes/team';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { badRequest } from '../http/errors';
import { goneEdit, namedBy } from '../fieldEdits';
import { conflictAnswers } from '../http/conflicts';
import { orHttp, refused } from '../http/plans';
import { defineRoute, unwrap } from '../http/route';
import type { AppServices } from '../http/services';
import { API } from '../../domain/apiRoutes';

/** What a team member looks like on the wire: the password is never sent, only a mask (SPEC §2 Members). */
const publicUser = (u: { id: string; username: string; permission: number }) => ({
  id: u.id,
  username: u.username,
  permission: u.permission,
  password: PASSWORD_MASK,
});

/**
 * What the server knows of the team around member `id` (none: a new member): every other name, removed members'
 * too (their names stay on the jobs and logs they signed), and whether another Super Admin stays.
 */
async function teamView(tx: Tx, self: string, id?: string): Promise<TeamView> {
  const others = await tx
    .select({ username: users.username, permission: users.permission, deleted: users.deleted })
    .from(users)
    .where(id ? ne(users.id, id) : undefined);
  return {
    self,
    otherNames: others.map((o) => o.username),
    otherSuperAdmin: others.some((o) => o.permission === SUPER_ADMIN_LEVEL && !o.deleted),
  };
}

async function liveMember(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.deleted, false)))
    .for('update');
  return row ?? refused(memberMissing());
}

/** Team members (SPEC §2 Members): the plans are src/domain/writes/team.ts; hashing a password is done here only. */
export function teamRoutes(app: FastifyInstance, s: AppServices) {
  teamReads(app, s);
  memberAdd(app, s);
  memberEdit(app, s);
  memberRemove(app, s);
}

/** The members of one level (the technician list), and the whole team; passwords masked. */
function teamReads(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.technicians,
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
    call: API.team,
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
}

function memberAdd(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: TEAM_CALLS.add,
    write: true,
    summary: 'Add a team member {username, permission, password}',
    async handler({ tx, body, user, changed, log }) {
      const plan = orHttp(planMemberAdd(body, (await teamView(tx, user.username)).otherNames));
      const id = body.id ?? newId();
      await tx.insert(users).values({ id, ...plan.row, password_hash: await hashPassword(plan.password) });
      changed('users', id);
      log('system', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message, id };
    },
  });
}

/** A name or level field by field with base (issue 14), and/or a new password (hashed here only). */
function memberEdit(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: TEAM_CALLS.edit,
    write: true,
    summary:
      'Edit a team member {id, username?, permission?, base?, device?} (a name or level someone changed since is answered as a conflict, issue 14) and/or {password} (unchanged when empty or masked)',
    async handler(ctx) {
      const { id, base, device, password } = ctx.body;
      const sent = { changes: unwrap(ctx.req.body) as Record<string, unknown>, base, password };
      // with base, a member removed since: what the edit changed waits for a decision (issue 14)
      const [gone] = base
        ? await ctx.tx
            .select()
            .from(users)
            .where(and(eq(users.id, id), eq(users.deleted, true)))
        : [];
      if (gone && base) {
        const record = { entity: 'users' as const, id, subject: memberSubject(gone.username) };
        return goneEdit(ctx.tx, record, namedBy(sent.changes, base));
      }
      const current = await liveMember(ctx.tx, id);
      const plan = orHttp(planMemberEdit(current, sent, await teamView(ctx.tx, ctx.user.username, id)));
      if (plan.log) {
        const hash = plan.password ? { password_hash: await hashPassword(plan.password) } : {};
        await ctx.tx
          .update(users)
          .set({ ...plan.set, ...hash, updated_at: new Date(), version: sql`${users.version} + 1` })
          .where(eq(users.id, id));
        ctx.changed('users', id);
        ctx.log('system', plan.log.subject, withDevice(plan.log.predicate, device));
      }
      const conflicts = await conflictAnswers(
        ctx.tx,
        { entity: 'users', id, subject: plan.subject },
        plan.conflicts,
        (f, line) => line.includes(f),
      );
      return { value: true, message: plan.message, ...(conflicts.length ? { conflicts } : {}) };
    },
  });
}

function memberRemove(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: TEAM_CALLS.remove,
    write: true,
    summary: 'Remove a team member (row {id})',
    async handler({ tx, body, user, changed, log }) {
      const row = await liveMember(tx, body.id);
      const plan = orHttp(planMemberRemove(row, await teamView(tx, user.username, row.id)));
      // soft delete: the username stays on the jobs, logs and payments it signed
      await tx
        .update(users)
        .set({ deleted: true, updated_at: new Date(), version: sql`${users.version} + 1` })
        .where(eq(users.id, row.id));
      changed('users', row.id, 'delete');
      log('system', plan.log.subject, plan.log.predicate);
      return { value: true, message: plan.message };
    },
  });
}
