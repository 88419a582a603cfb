import { newId } from '../../domain/ids';
import { checkPhotoSize } from '../../domain/schemas/admin';
import { planPhotoAdd, planPhotoRemove, type PhotoPlace } from '../../domain/writes/photos';
import { callOf, checkedCall, orRefuse } from '../calls';
import type { BayBookDB, Row } from '../db';
import { LocalWriteError, localWrite } from '../write';

/**
 * A job's or a product's photos (src/domain/writes/photos.ts PHOTO_PLACES: the table, the owner, the calls). The
 * device checks the form and the permission as the server's route will, and refuses a missing owner or photo in
 * the server's words.
 */

/**
 * POST the place's upload (form data myfile and the owner's id): the photo is kept as a Blob in `blobs` until sent,
 * and shows from there meanwhile. Larger than 10 MB is refused here, before anything is queued (SPEC §5).
 * `label` names the outbox line from the owner's number or title.
 */
export async function addPhoto(
  db: BayBookDB,
  place: PhotoPlace,
  ownerId: string,
  file: Blob,
  name: string,
  label: (ownerName: string) => string,
): Promise<Row> {
  const size = checkPhotoSize(file.size);
  if (!size.ok) throw new LocalWriteError(size.message);
  const form = await checkedCall(db, place.add, { [place.owner]: ownerId, id: newId() });
  const id = form.id ?? newId();
  return localWrite(db, async (w) => {
    const owner = await w.get(place.ownerTable, ownerId);
    orRefuse(planPhotoAdd(place, ownerId, owner && { name: String(owner[place.ownerName]) }));
    const blob = await w.storeBlob(file, name);
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
      method: place.add.method,
      path: place.add.path,
      form: { [place.owner]: ownerId, id },
      blobId: blob.id,
      creates: [id],
      needs: [ownerId],
      label: label(String(owner?.[place.ownerName])),
    });
    return row;
  });
}

/** DELETE the place's photo {id}. */
export async function removePhoto(db: BayBookDB, place: PhotoPlace, id: string, label: string): Promise<void> {
  const v = await checkedCall(db, place.remove, { id });
  return localWrite(db, async (w) => {
    orRefuse(planPhotoRemove(v.id, await w.get(place.table, v.id)));
    await w.remove(place.table, v.id);
    await w.enqueue({ ...callOf(place.remove, v), label });
  });
}
