import { boolean, object } from 'yup';
import { decidedSchema } from '../decisions';
import { idField } from '../schemas/common';
import { LIMITS, boundedText } from '../schemas/fields';
import type { WriteCall } from './calls';

/**
 * The calls that only write an activity-log line (issue 14), named once for the device that queues them
 * (src/sync/discard.ts, src/local/fieldCalls.ts) and the server that logs them (src/server/routes/discarded.ts):
 * a refused change a person discarded, and how a field conflict was decided. They change no row.
 */
const discardedSchema = object({
  entry_id: idField('Invalid entry id').required('Invalid entry id'),
  what: boundedText('What', LIMITS.note).trim().required('Say what was discarded').min(1, 'Say what was discarded'),
  message: boundedText('Message', LIMITS.text).default(''),
  /** why the person discarded it; a device asks for it on money (older devices send none) */
  reason: boundedText('Reason', LIMITS.text).trim().default(''),
  money: boolean().default(false),
});

export const LOG_CALLS = {
  /** {entry_id, what, message, reason, money}: the body is not wrapped in {data} */
  discarded: { method: 'POST', path: '/v3/discarded', action: 'session.use', body: discardedSchema },
  /** {record, field, choice, mine, theirs, value, money, time} (src/domain/decisions.ts decisionLine words it) */
  decided: { method: 'POST', path: '/v3/decided', action: 'session.use', body: decidedSchema },
} as const satisfies Record<string, WriteCall<unknown>>;
