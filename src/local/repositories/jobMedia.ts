import { newRow } from '../../domain/model';
import { newId } from '../../domain/ids';
import { logPreview } from '../../domain/schemas/job';
import { PHOTO_PLACES } from '../../domain/writes/photos';
import { SERVICE_LOG_CALLS, logEntryOr404, planLogEntry } from '../../domain/writes/serviceLog';
import { callOf, checkedCall, orRefuse } from '../calls';
import type { BayBookDB, StoredRow } from '../db';
import { localWrite } from '../write';
import { mustGet } from './jobActions';
import { addPhoto, removePhoto, type PhotoRow } from './photos';

export type LogEntry = StoredRow<'service_log'>;

/** A job's service log and photos (SPEC §7 photos and log); a photo taken offline waits as a Blob until sent. */
export function jobMedia(db: BayBookDB) {
  return {
    /** POST /service-log {value, id: the entry, job_id}: the entry as the server's schema casts it (trimmed) */
    async addLog(jobId: string, value: string): Promise<LogEntry> {
      const v = await checkedCall(db, SERVICE_LOG_CALLS.add, { id: newId(), job_id: jobId, value });
      const plan = planLogEntry(v);
      return localWrite(db, async (w) => {
        const job = await mustGet(w, plan.job_id);
        const entry: LogEntry = newRow(
          'service_log',
          {
            id: v.id,
            job_id: plan.job_id,
            message: plan.message,
            username: w.session.username,
          },
          w.now,
        );
        await w.put('service_log', entry);
        await w.enqueue({
          ...callOf(SERVICE_LOG_CALLS.add, v),
          creates: [entry.id],
          needs: [plan.job_id],
          label: `Log on job #${job.number}`,
        });
        return entry;
      });
    },

    /** DELETE /service-log {id} (level 5, refused on the device below it as the server refuses it) */
    async removeLog(id: string): Promise<void> {
      await checkedCall(db, SERVICE_LOG_CALLS.remove, { id });
      return localWrite(db, async (w) => {
        const entry = orRefuse(logEntryOr404(id, await w.get('service_log', id))).entry;
        await w.remove('service_log', id);
        await w.enqueue({
          ...callOf(SERVICE_LOG_CALLS.remove, { id }),
          label: `Delete log "${logPreview(entry.message)}"`,
        });
      });
    },

    /** POST /upload/service-photo (form data myfile, job_id) */
    addPhoto(jobId: string, file: Blob, name = 'photo.jpg'): Promise<PhotoRow> {
      return addPhoto(db, PHOTO_PLACES.service, jobId, file, name, (n) => `Photo for job #${n}`);
    },

    /** DELETE /servicePhoto {id} */
    removePhoto: (id: string) => removePhoto(db, PHOTO_PLACES.service, id, 'Delete photo'),
  };
}
