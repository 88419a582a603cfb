import type { FastifyInstance } from 'fastify';
import { shopTimeZone } from '../../domain/dates';
import { decisionLine } from '../../domain/decisions';
import { MSG, fill } from '../../domain/messages';
import { LOG_CALLS } from '../../domain/writes/logLines';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { readSettings } from '../settings';

/**
 * A device discarded a change the server had refused (issue 14): the server only writes the activity-log line, so
 * staff see what was dropped, by whom and why — cash taken for a payment that never got recorded included. Money goes to
 * the jobs-and-money log, anything else to the system log. Changes no row: the refused change never reached one.
 */
export function discardedRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: LOG_CALLS.discarded,
    write: true,
    summary: 'Record in the activity log that a device discarded a change the server had refused',
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
    call: LOG_CALLS.decided,
    write: true,
    summary:
      'Record in the activity log how a person decided a field conflict (keep theirs, use mine, or an edited value)',
    async handler({ body, log, tx }) {
      log('service', body.record, decisionLine(body, shopTimeZone((await readSettings(tx)).timeZone)));
      return { value: true };
    },
  });
}
