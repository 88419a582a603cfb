import type { InferType } from 'yup';
import { MSG } from '../messages';
import { jobIdSchema, logPreview, serviceLogSchema } from '../schemas/job';
import { missing, type Refusal, type WriteCall } from './calls';

/**
 * A job's service log as catalogue writes (issue 17; SPEC §5, §7): add an entry (level 3) and delete one (level 5).
 * The entry is the comment as the schema casts it — trimmed, something written — so a device stores the words the
 * server stores (it used to keep the spaces around them).
 */
export const SERVICE_LOG_CALLS = {
  add: { method: 'POST', path: '/service-log', action: 'serviceLog.add', body: serviceLogSchema },
  remove: { method: 'DELETE', path: '/service-log', action: 'serviceLog.delete', body: jobIdSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export type LogEntryInput = InferType<typeof serviceLogSchema>;

/**
 * The entry a checked add stores. SPEC's call is {value, id: the job}; a device sends its own entry's id as
 * {id, job_id}, so a replay makes no second entry.
 */
export function planLogEntry(v: LogEntryInput): { id?: string; job_id: string; message: string; answer: string } {
  return {
    ...(v.job_id ? { id: v.id } : v.log_id ? { id: v.log_id } : {}),
    job_id: v.job_id ?? v.id,
    message: v.value,
    answer: MSG.logAdded,
  };
}

/** The entry a delete is about, or SPEC's 404 when it is not there: the device refuses at once, as the server does. */
export function logEntryOr404<E>(id: string, entry: E | undefined): { ok: true; entry: E } | Refusal {
  return entry ? { ok: true, entry } : missing(id);
}

/** The activity-log words of an entry's delete, and the answer. */
export function planLogDelete(entry: { message: string }) {
  return { predicate: `deleted "${logPreview(entry.message)}"`, answer: MSG.logDeleted };
}
