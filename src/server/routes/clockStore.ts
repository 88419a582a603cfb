import { eq, sql } from 'drizzle-orm';
import type { ClockEnd } from '../../domain/model/jobs';
import { clockEntries } from '../db/schema';
import type { WriteCtx } from '../http/route';

/** A planned end of a stretch: a pause, a stop (src/domain/writes/clock.ts) or a mend (clockMend.ts). */
interface StretchEnd {
  id: string;
  apply: { stopped_at?: string; ended: ClockEnd };
  log: { subject: string; predicate: string };
  message: string;
}

/** Stores a stretch's planned end (its stop, when the plan sets one, and how it ended), one version on; the answer. */
export async function storeStretchEnd({ tx, changed, log }: WriteCtx<unknown>, plan: StretchEnd) {
  const { stopped_at, ended } = plan.apply;
  await tx
    .update(clockEntries)
    .set({
      ended,
      ...(stopped_at ? { stopped_at: new Date(stopped_at) } : {}),
      updated_at: new Date(),
      version: sql`${clockEntries.version} + 1`,
    })
    .where(eq(clockEntries.id, plan.id));
  changed('clock_entries', plan.id);
  log('service', plan.log.subject, plan.log.predicate);
  return { value: true, message: plan.message, id: plan.id, data: plan.apply };
}
