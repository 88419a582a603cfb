import type { Schema } from 'yup';
import type { ApiCall, Method } from '../apiCall';
import { MSG, fill } from '../messages';
import { can } from '../permissions';
import { PayloadError, validatePayload } from '../schemas/common';

/**
 * A catalogue write (issues 17, 31): its route, the permission it needs and the schema its body is checked with,
 * declared once beside its plans. The server's route is defined from it (defineRoute validates with the schema and
 * guards with the permission); the device's repository checks the same body with the same schema, and the same
 * permission, before it stores anything — so a write the server would refuse is refused on the device, in the
 * server's words.
 */
export interface WriteCall<B> extends ApiCall {
  readonly method: Exclude<Method, 'GET'>;
  readonly body: Schema<B>;
}

/** Why a write is refused; `missing`: the record it is about is not there (the server's 404). */
export type Refusal = { ok: false; message: string; missing?: true };

/** SPEC §7's 404 for a record that is not there (or deleted). */
export const missing = (id: string): Refusal => ({
  ok: false,
  message: fill(MSG.noRecordFound, { id }),
  missing: true,
});

export type CheckedCall<B> = { ok: true; value: B } | Refusal;

/** Whether `level` may make the call (its permission, as the server's route guard reads it). */
export function mayCall(call: Pick<ApiCall, 'action'>, level: number): boolean {
  return !call.action || can(call.action, level);
}

/** The body as the server's route takes it (cast: trimmed, defaults filled), or the words it refuses it with. */
export async function checkBody<B>(call: WriteCall<B>, sent: unknown): Promise<CheckedCall<B>> {
  try {
    return { ok: true, value: await validatePayload(call.body, sent) };
  } catch (err) {
    if (err instanceof PayloadError) return { ok: false, message: err.message };
    throw err;
  }
}
