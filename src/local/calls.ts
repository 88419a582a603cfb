import { MSG } from '../domain/messages';
import { checkBody, mayCall, type Refusal, type WriteCall } from '../domain/writes/calls';
import type { BayBookDB } from './db';
import { LocalWriteError, getSession, type EnqueueInput } from './write';

/**
 * A catalogue write's body as the server's route will take it (src/domain/writes/calls.ts), refused here in the
 * server's words and in its order: the permission, then the body. Call it before localWrite — the schema check is
 * asynchronous, and nothing but Dexie may be awaited inside the write's transaction.
 */
export async function checkedCall<B>(db: BayBookDB, call: WriteCall<B>, sent: unknown): Promise<B> {
  const session = await getSession(db);
  // nobody signed in: localWrite refuses that in its own words
  if (session && !mayCall(call, session.permission)) throw new LocalWriteError(MSG.forbidden);
  const checked = await checkBody(call, sent);
  if (!checked.ok) throw new LocalWriteError(checked.message);
  return checked.value;
}

/** A plan, or its refusal thrown as the device's write answers it. */
export function orRefuse<T extends { ok: true }>(planned: T | Refusal): T {
  if (!planned.ok) throw new LocalWriteError(planned.message);
  return planned;
}

/**
 * The outbox entry's call: the write's route, its body wrapped as SPEC's {data: ...}. The body may carry what SPEC's
 * call has beyond the schema (an estimate's totals, which the server recomputes).
 */
export const callOf = <B>(
  c: WriteCall<B>,
  data: NoInfer<B> & Record<string, unknown>,
): Pick<EnqueueInput, 'method' | 'path' | 'body'> => ({
  method: c.method,
  path: c.path,
  body: { data },
});
