import type { DecidedEntity } from '../domain/decisions';
import type { FieldChangeSet } from '../domain/fieldChanges';
import type { EnqueueInput } from './write';

/** The API call a job field goes by (SPEC §7's job actions: one field a call). */
const JOB_PATHS: Record<string, string> = {
  comment: '/job-action/comment',
  service_note: '/job-action/service-note',
  status: '/job-action/status',
};

/**
 * The one call that carries field changes of a record (issue 14), with their base values and the device's code:
 * PUT /customer {id, <fields>, base, device}; a job's comment or service note {id, value, base, device}; a job's
 * status {id, status, detail, base, device}. The repositories' edits and a decision's "use mine" both send by it, so
 * a re-sent value goes exactly as the first one did, only against the newer base.
 */
export function fieldCall(entity: DecidedEntity, id: string, set: FieldChangeSet, device: string, label: string, detail = ''): EnqueueInput {
  const extra = device ? { device } : {};
  if (entity === 'customers') return { method: 'PUT', path: '/customer', body: { data: { id, ...set.changes, base: set.base, ...extra } }, label };
  const [field] = Object.keys(set.changes);
  const value = set.changes[field];
  const path = JOB_PATHS[field];
  if (!path) throw new Error(`A job's ${field} is not sent as a field change`);
  const data = field === 'status' ? { id, status: value, detail } : { id, value };
  return { method: 'PUT', path, body: { data: { ...data, base: set.base, ...extra } }, label };
}
