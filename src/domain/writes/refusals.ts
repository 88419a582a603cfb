import type { Schema } from 'yup';
import { PayloadError, validatePayloadSync } from '../schemas/common';

/**
 * How the customer and team writes of the catalogue say no (issue 17): the words a person reads, and the HTTP status
 * the server answers them with (the device shows the same words at once). The level a write needs is the level of
 * its call (writes/calls.ts `mayCall`, run by the device's checkedCall): the server's route guard and the device read
 * the same row of apiRoutes.ts. What only the plan can check (a merged edit) it checks itself (`checked`,
 * synchronous), since a plan runs in the device's Dexie transaction.
 */
export interface Refusal {
  ok: false;
  message: string;
  status: 400 | 403 | 404 | 409;
  /** the record the refusal is about (a VIN taken: the customer who has it) */
  id?: string;
}

export const refuse = (message: string, status: Refusal['status'] = 400, id?: string): Refusal => ({
  ok: false,
  message,
  status,
  ...(id ? { id } : {}),
});

/** A payload checked by its schema as the server's route checks it: the cast value, or the first field's words. */
export function checked<T>(schema: Schema<T>, value: unknown): { ok: true; value: T } | Refusal {
  try {
    return { ok: true, value: validatePayloadSync(schema, value) };
  } catch (err) {
    if (err instanceof PayloadError) return refuse(err.message);
    throw err;
  }
}
