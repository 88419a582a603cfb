import { newRow } from '../../domain/model';
import { newId } from '../../domain/ids';
import { checkPhotoSize } from '../../domain/schemas/admin';
import { planPhotoAdd, planPhotoRemove, type PhotoPlace } from '../../domain/writes/photos';
import { callOf, checkedCall, orRefuse } from '../calls';
import type { BayBookDB, StoredRow } from '../db';
import { LocalWriteError, localWrite, type WriteContext } from '../write';

/** A job's or a product's photo, as the device holds it. */
export type PhotoRow = StoredRow<'service_photos'> | StoredRow<'product_photos'>;

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
): Promise<PhotoRow> {
  const size = checkPhotoSize(file.size);
  if (!size.ok) throw new LocalWriteError(size.message);
  const form = await checkedCall(db, place.add, { [place.owner]: ownerId, id: newId() });
  const id = form.id ?? newId();
  return localWrite(db, async (w) => {
    const owner = await w.get(place.ownerTable, ownerId);
    orRefuse(planPhotoAdd(place, ownerId, owner && { name: String(owner[place.ownerName]) }));
    const blob = await w.storeBlob(file, name);
    const row = await putPhotoRow(w, place, { id, ownerId, src: `blob:${blob.id}` });
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

/**
 * The device's row of a new photo: the model's new row of the place's table (its owner's id, the bytes' `blob:` src
 * as the picture and its thumbnail until the server's come back with the pull). The bytes' type and size are the
 * blob's; the row leaves them to the server, whose own columns they are (the model's serverOnly mime and size).
 */
async function putPhotoRow(
  w: WriteContext,
  place: PhotoPlace,
  photo: { id: string; ownerId: string; src: string },
): Promise<PhotoRow> {
  const given = { id: photo.id, src: photo.src, thumbnail: photo.src };
  if (place.table === 'service_photos') {
    return w.put('service_photos', newRow('service_photos', { ...given, job_id: photo.ownerId }, w.now));
  }
  return w.put('product_photos', newRow('product_photos', { ...given, product_id: photo.ownerId }, w.now));
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
