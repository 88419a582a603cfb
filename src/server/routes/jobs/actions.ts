import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOB_CALLS, JOB_NOTES, planAssign, planCancel, planNote, planStatusChange } from '../../../domain/writes/jobs';
import { isFinal } from '../../../domain/jobs';
import { TECHNICIAN_LEVEL } from '../../../domain/levels';
import type { Tx } from '../../db/client';
import { invoices, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { AppServices } from '../../http/services';
import { fieldConflicts, jobNow, jobOr404, storeJobPlan, type Job } from './shared';

async function hasInvoice(tx: Tx, job: Job): Promise<boolean> {
  if (job.invoice.length > 0) return true;
  const [{ n }] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.request_id, job.id));
  return Number(n) > 0;
}

/** The job actions of SPEC §4: assign a technician, change the status, cancel, and the two notes. */
export function actionRoutes(app: FastifyInstance, s: AppServices) {
  moveRoutes(app, s);
  cancelAndNoteRoutes(app, s);
}

/** Who works on the job, and where it is in the bay. */
function moveRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: JOB_CALLS.technician,
    write: true,
    summary: 'Assign a technician (a level-3 team member) {id, technician, detail}',
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id, true);
      const name = ctx.body.technician;
      const conflicts = await fieldConflicts(ctx, job, { technician: name }, ctx.body.base);
      if (conflicts) return conflicts;
      const [tech] = name
        ? await ctx.tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.username, name), eq(users.permission, TECHNICIAN_LEVEL), eq(users.deleted, false)))
        : [];
      return storeJobPlan(ctx, job, planAssign(jobNow(job), name, !!tech, ctx.body.detail), ctx.body.device);
    },
  });

  defineRoute(app, s, {
    call: JOB_CALLS.status,
    write: true,
    summary: "Change a job's status {id, status, detail} by the rules of SPEC §4",
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id, true);
      // moved by someone else since the device read it: theirs stays, the person decides (issue 14)
      const conflicts = await fieldConflicts(ctx, job, { status: ctx.body.status }, ctx.body.base);
      if (conflicts) return conflicts;
      const by = {
        level: ctx.user.permission,
        hasInvoice: await hasInvoice(ctx.tx, job),
        now: new Date(),
        detail: ctx.body.detail,
      };
      return storeJobPlan(ctx, job, planStatusChange(jobNow(job), ctx.body.status, by), ctx.body.device);
    },
  });
}

function cancelAndNoteRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: JOB_CALLS.cancel,
    write: true,
    summary: 'Cancel a job {id}; with base {status}, a job moved to another status since is a conflict',
    async handler(ctx) {
      const job = await jobOr404(ctx.tx, ctx.body.id, true);
      // a cancel is the status field's change (issue 14): moved by someone else since, theirs stays until decided
      const conflicts = await fieldConflicts(ctx, job, { status: 'canceled' }, ctx.body.base);
      if (conflicts) return conflicts;
      return storeJobPlan(ctx, job, planCancel(jobNow(job), ctx.user.permission), ctx.body.device);
    },
  });

  for (const [call, field] of [
    [JOB_CALLS.comment, 'comment'],
    [JOB_CALLS.serviceNote, 'service_note'],
  ] as const) {
    defineRoute(app, s, {
      call,
      write: true,
      summary: `Set the ${JOB_NOTES[field]} of a job {id, value}`,
      async handler(ctx) {
        const job = await jobOr404(ctx.tx, ctx.body.id, true);
        // a note written on an open job that was completed or canceled since: final jobs take no update (SPEC §4), so
        // it waits in its device's decision list rather than being refused and lost (issue 14)
        const set = { [field]: ctx.body.value };
        const conflicts = await fieldConflicts(ctx, job, set, ctx.body.base, isFinal(job.status));
        if (conflicts) return conflicts;
        const plan = planNote(jobNow(job), field, ctx.body.value);
        if (!plan.ok) throw badRequest(plan.message);
        return storeJobPlan(ctx, job, plan, ctx.body.device);
      },
    });
  }
}
