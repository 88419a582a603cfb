import { newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import type { BayBookDB, Row, StoredRow } from '../db';
import { LocalWriteError, localWrite } from '../write';
import { mustGet } from './jobActions';
import { addPhoto, JOB_PHOTOS, removePhoto } from './photos';

export type LogEntry = StoredRow<'service_log'>;

/** A job's service log and photos (SPEC §7 photos and log); a photo taken offline waits as a Blob until sent. */
export function jobMedia(db: BayBookDB) {
  return {
    /** POST /service-log {value, id} */
    addLog(jobId: string, value: string): Promise<LogEntry> {
      return localWrite(db, async (w) => {
        if (!value.trim()) throw new LocalWriteError(MSG.writeSomething);
        const job = await mustGet(w, jobId);
        const entry: LogEntry = {
          id: newId(),
          job_id: jobId,
          message: value,
          username: w.session.username,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        };
        await w.put('service_log', entry);
        await w.enqueue({
          method: 'POST',
          path: '/service-log',
          body: { data: { id: entry.id, value, job_id: jobId } },
          creates: [entry.id],
          needs: [jobId],
          label: `Log on job #${job.number}`,
        });
        return entry;
      });
    },

    /** DELETE /service-log {id} (level 5) */
    removeLog(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        const entry = await w.get<LogEntry>('service_log', id);
        await w.remove('service_log', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/service-log',
          body: { data: { id } },
          label: `Delete log "${String(entry?.message ?? '').slice(0, 15)}"`,
        });
      });
    },

    /** POST /upload/service-photo (form data myfile, job_id) */
    addPhoto(jobId: string, file: Blob, name = 'photo.jpg'): Promise<Row> {
      return addPhoto(
        db,
        JOB_PHOTOS,
        jobId,
        file,
        name,
        async (w) => `Photo for job #${(await mustGet(w, jobId)).number}`,
      );
    },

    /** DELETE /servicePhoto {id} */
    removePhoto: (id: string) => removePhoto(db, JOB_PHOTOS, id),
  };
}
