import { newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import { checkPhotoSize } from '../../domain/schemas/admin';
import type { BayBookDB, Row, StoredRow } from '../db';
import { LocalWriteError, localWrite } from '../write';
import { mustGet } from './jobActions';

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

    /**
     * POST /upload/service-photo (form data myfile, job_id): the photo is kept as a Blob in `blobs` until sent.
     * Larger than 10 MB is refused here, before anything is queued.
     */
    addPhoto(jobId: string, file: Blob, name = 'photo.jpg'): Promise<Row> {
      // SPEC §5: refused before anything is queued
      const size = checkPhotoSize(file.size);
      if (!size.ok) return Promise.reject(new LocalWriteError(size.message));
      return localWrite(db, async (w) => {
        const job = await mustGet(w, jobId);
        const blob = await w.storeBlob(file, name);
        const id = newId();
        const row: Row = {
          id,
          job_id: jobId,
          src: `blob:${blob.id}`,
          thumbnail: `blob:${blob.id}`,
          mime: blob.mime,
          size: blob.size,
          created_at: w.now,
          local: true,
        };
        await w.put('service_photos', row);
        await w.enqueue({
          method: 'POST',
          path: '/upload/service-photo',
          form: { job_id: jobId, id },
          blobId: blob.id,
          creates: [id],
          needs: [jobId],
          label: `Photo for job #${job.number}`,
        });
        return row;
      });
    },

    /** DELETE /servicePhoto {id} */
    removePhoto(id: string): Promise<void> {
      return localWrite(db, async (w) => {
        await w.remove('service_photos', id);
        await w.enqueue({ method: 'DELETE', path: '/servicePhoto', body: { data: { id } }, label: 'Delete photo' });
      });
    },
  };
}
