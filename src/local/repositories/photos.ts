import { newId } from '../../domain/ids';
import { checkPhotoSize } from '../../domain/schemas/admin';
import type { BayBookDB, Row } from '../db';
import { LocalWriteError, localWrite, type WriteContext } from '../write';

/**
 * Where a record's photos go: jobs (SPEC §7) and products (SPEC §5) keep them alike, in their own table under their
 * own key, uploaded to their own path.
 */
export interface PhotoPlace {
  table: 'service_photos' | 'product_photos';
  owner: 'job_id' | 'product_id';
  upload: string;
  remove: string;
  removeLabel: string;
}

export const JOB_PHOTOS: PhotoPlace = {
  table: 'service_photos',
  owner: 'job_id',
  upload: '/upload/service-photo',
  remove: '/servicePhoto',
  removeLabel: 'Delete photo',
};

export const PRODUCT_PHOTOS: PhotoPlace = {
  table: 'product_photos',
  owner: 'product_id',
  upload: '/upload/product-photo',
  remove: '/productPhoto',
  removeLabel: 'Delete product photo',
};

/**
 * POST the place's upload (form data myfile and the owner's id): the photo is kept as a Blob in `blobs` until sent,
 * and shows from there meanwhile. Larger than 10 MB is refused here, before anything is queued (SPEC §5).
 * `label` reads what the outbox line names (and refuses a missing owner) inside the write.
 */
export function addPhoto(
  db: BayBookDB,
  place: PhotoPlace,
  ownerId: string,
  file: Blob,
  name: string,
  label: (w: WriteContext) => Promise<string>,
): Promise<Row> {
  const size = checkPhotoSize(file.size);
  if (!size.ok) return Promise.reject(new LocalWriteError(size.message));
  return localWrite(db, async (w) => {
    const line = await label(w);
    const blob = await w.storeBlob(file, name);
    const id = newId();
    const src = `blob:${blob.id}`;
    const row: Row = {
      id,
      [place.owner]: ownerId,
      src,
      thumbnail: src,
      mime: blob.mime,
      size: blob.size,
      created_at: w.now,
      local: true,
    };
    await w.put(place.table, row);
    await w.enqueue({
      method: 'POST',
      path: place.upload,
      form: { [place.owner]: ownerId, id },
      blobId: blob.id,
      creates: [id],
      needs: [ownerId],
      label: line,
    });
    return row;
  });
}

/** DELETE the place's photo {id}. */
export function removePhoto(db: BayBookDB, place: PhotoPlace, id: string): Promise<void> {
  return localWrite(db, async (w) => {
    await w.remove(place.table, id);
    await w.enqueue({ method: 'DELETE', path: place.remove, body: { data: { id } }, label: place.removeLabel });
  });
}
