import type { Schema } from 'yup';
import { findApiRoute, type ApiRoute } from '../apiRoutes';
import { MSG, fill } from '../messages';
import { can } from '../permissions';
import { PayloadError, validatePayload } from '../schemas/common';

/**
 * The call a catalogue write goes by (issue 17): its route and the schema its body is checked with. The server's
 * route is defined from it (defineRoute validates with the schema, API_ROUTES gives the permission); the device's
 * repository checks the same body with the same schema, and the same permission, before it stores anything — so a
 * write the server would refuse is refused on the device, in the server's words.
 */
export interface WriteCall<B> {
  method: Exclude<ApiRoute['method'], 'GET'>;
  path: string;
  body: Schema<B>;
  /**
   * For a field edit whose body leaves its fields open (the plan checks them against the record as it stands): the
   * fields it may change, picked from the schema the plan checks with — for the OpenAPI document only.
   */
  fields?: Schema<unknown>;
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

/** Whether `level` may make the call (API_ROUTES' permission of its route, as the server's route guard reads it). */
export function mayCall(call: Pick<WriteCall<unknown>, 'method' | 'path'>, level: number): boolean {
  const action = findApiRoute(call.method, call.path)?.action;
  return !action || can(action, level);
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
