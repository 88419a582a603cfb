import { ObjectSchema, string, ValidationError, type Schema } from 'yup';
import { isId } from '../ids';
import { MSG, fill } from '../messages';

/**
 * Helpers for the yup schemas of SPEC §5. The same schemas validate forms (react-hook-form's yupResolver) and API
 * payloads (the server's defineRoute). Numbers typed as text are cast ("12" → 12) so a form and an API client are
 * treated alike; anything that is not a number fails with the field's SPEC message, never yup's own words.
 */

/** yup's string().uuid() knows UUID versions 1–5 only; our ids are UUIDv7. */
export const idField = (message: string = MSG.invalidId) =>
  string().test('id', message, (v) => v === undefined || v === null || isId(v));

/** A message with its field, in the order the fields are declared (yup itself reports the last field first). */
export class PayloadError extends Error {
  constructor(
    message: string,
    public readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Validates and returns the cast value, or throws PayloadError with the first failing field's message in
 * declaration order, so 'Enter valid username' comes before the password's message, as on the form.
 */
export async function validatePayload<T>(schema: Schema<T>, value: unknown): Promise<T> {
  try {
    return (await schema.validate(value, { abortEarly: false, stripUnknown: true })) as T;
  } catch (err) {
    throw payloadError(schema, err);
  }
}

/**
 * validatePayload without a promise, for a catalogue write's plan (src/domain/writes): it runs inside the device's
 * Dexie transaction, where only Dexie may be awaited, and in the server's route alike, with the same first message.
 */
export function validatePayloadSync<T>(schema: Schema<T>, value: unknown): T {
  try {
    return schema.validateSync(value, { abortEarly: false, stripUnknown: true }) as T;
  } catch (err) {
    throw payloadError(schema, err);
  }
}

function payloadError(schema: Schema<unknown>, err: unknown): PayloadError {
  // a transform meeting the wrong type (e.g. trim() on an array) throws a plain TypeError: still bad input
  if (!(err instanceof ValidationError)) return new PayloadError(fill(MSG.invalidField, { field: 'the request' }));
  const order = schema instanceof ObjectSchema ? Object.keys(schema.fields) : [];
  const rank = (e: ValidationError) => {
    const head = (e.path ?? '').split(/[.[]/)[0];
    const i = order.indexOf(head);
    return i < 0 ? order.length : i;
  };
  const inner = err.inner.length ? [...err.inner].sort((a, b) => rank(a) - rank(b)) : [err];
  const first = inner[0];
  // yup's own type messages ("must be a `number` type, but the final value was…") are not for staff
  const yupWords = /must be a `\w+` type|this must be/.test(first.message);
  const message = yupWords ? fill(MSG.invalidField, { field: first.path || 'the request' }) : first.message;
  return new PayloadError(message, first.path);
}
