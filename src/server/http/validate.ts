import type { Schema } from 'yup';
import { PayloadError, validatePayload } from '../../domain/schemas/common';
import { badRequest } from './errors';

/**
 * A payload checked with the domain's schema (the same the device checks with); what it refuses is SPEC's 400 with
 * the message and the field the schema names. Every route's body, and the parts of a body checked on their own,
 * go through here.
 */
export async function validOrBadRequest<T>(schema: Schema<T>, value: unknown): Promise<T> {
  try {
    return await validatePayload(schema, value);
  } catch (err) {
    if (err instanceof PayloadError) throw badRequest(err.message, { field: err.field });
    throw err;
  }
}
