import type { FastifyInstance } from 'fastify';
import { boolean, object } from 'yup';
import { shopTimeZone } from '../../domain/dates';
import { decidedSchema, decisionLine } from '../../domain/decisions';
import { MSG, fill } from '../../domain/messages';
import { idField } from '../../domain/schemas/common';
import { LIMITS, boundedText } from '../../domain/schemas/fields';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';

const discardedSchema = object({
  entry_id: idField('Invalid entry id').required('Invalid entry id'),
  what: boundedText('What', LIMITS.note).trim().required('Say what was discarded').min(1, 'Say what was discarded'),
  message: boundedText('Message', LIMITS.text).default(''),
  /** why the person discarded it; a device asks for it on money (older devices send none) */
  reason: boundedText('Reason', LIMITS.text).trim().default(''),
  money: boolean().default(false),
});

/**
 * A device discarded a change the server had refused (issue 14): the server only writes the activity-log line, so
 * staff see what was dropped, by whom and why — cash taken for a payment that never got recorded included. Money goes to
 * the jobs-and-money log, anything else to the system log. Changes no row: the refused change never reached one.
 */
export function discardedRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    method: 'POST',
    path: '/v3/discarded',
    write: true,
    summary: 'Record in the activity log that a device discarded a change the server had refused',
    body: discardedSchema,
    async handler({ body, log }) {
      const message = body.message || '-';
      const line = body.reason
        ? fill(MSG.discardedLogReason, { message, reason: body.reason })
        : fill(MSG.discardedLog, { message });
      log(body.money ? 'service' : 'system', body.what, line);
      return { value: true };
    },
  });

  defineRoute(app, s, {
    method: 'POST',
    path: '/v3/decided',
    write: true,
    summary:
      'Record in the activity log how a person decided a field conflict (keep theirs, use mine, or an edited value)',
    body: decidedSchema,
    async handler({ body, log, tx }) {
      log('service', body.record, decisionLine(body, shopTimeZone((await readSettings(tx)).timeZone)));
      return { value: true };
    },
  });
}
