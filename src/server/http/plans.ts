import type { Refusal as CallRefusal } from '../../domain/writes/calls';
import type { Refusal as StatusRefusal } from '../../domain/writes/refusals';
import { HttpError, badRequest, notFound } from './errors';

/**
 * A catalogue refusal thrown as SPEC's answer (issue 17): one mapping for every route that runs a plan. A refusal
 * that carries its status (customers, team) is answered with it, and the record it names (a VIN taken: the customer
 * who has it); one that does not is 404 for a record that is not there, else 400.
 */
export function refused(r: CallRefusal | StatusRefusal): never {
  if ('status' in r) throw new HttpError(r.status, r.message, r.id ? { id: r.id } : {});
  throw r.missing ? notFound(r.message) : badRequest(r.message);
}

/** A plan, or its refusal thrown as SPEC's answer. */
export function orHttp<T extends { ok: true }>(planned: T | CallRefusal | StatusRefusal): T {
  return planned.ok ? planned : refused(planned);
}
