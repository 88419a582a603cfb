import { object, string } from 'yup';
import { isId } from '../ids';
import { MSG, fill } from '../messages';
import { idPayloadSchema } from '../schemas/admin';
import { idField } from '../schemas/common';
import { missing, type Refusal, type WriteCall } from './calls';

/**
 * Photos as catalogue writes (issue 17): a job's (SPEC §7) and a product's (SPEC §5) are kept alike, each in its own
 * table under its owner's id, uploaded and deleted by their own calls. The device's repository
 * (src/local/repositories/photos.ts) and the server's routes (src/server/routes/photos.ts) both take the paths, the
 * form's check and the permission (each call's action) from here.
 */

type Owner = 'job_id' | 'product_id';

/** The owner's id: anything else is a record that is not there, in SPEC §7's words (as the server always said). */
const ownerId = () =>
  string()
    .default('')
    .test('owner', MSG.invalidId, function (v) {
      return isId(v) || this.createError({ message: fill(MSG.noRecordFound, { id: v ?? '' }) });
    });

/**
 * The upload's text fields (multipart, beside the file `myfile`): the owner's id and the photo's id, made on the
 * device so its row keeps one id from the moment it is taken (optional: the server makes one otherwise).
 */
const photoId = () => idField().optional();
export type PhotoForm = Partial<Record<Owner | 'id', string>>;

/** The calls, each with its permission (job.photos, product.manage). */
export const PHOTO_CALLS = {
  serviceAdd: {
    method: 'POST',
    path: '/upload/service-photo',
    action: 'job.photos',
    body: object({ job_id: ownerId(), id: photoId() }),
  },
  serviceRemove: { method: 'DELETE', path: '/servicePhoto', action: 'job.photos', body: idPayloadSchema },
  productAdd: {
    method: 'POST',
    path: '/upload/product-photo',
    action: 'product.manage',
    body: object({ product_id: ownerId(), id: photoId() }),
  },
  productRemove: { method: 'DELETE', path: '/productPhoto', action: 'product.manage', body: idPayloadSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export interface PhotoPlace {
  table: 'service_photos' | 'product_photos';
  /** the owner's id field, in the row and in the upload's form */
  owner: Owner;
  /** the owner's table, and the field that names it in the activity log and the outbox */
  ownerTable: 'jobs' | 'products';
  ownerName: 'number' | 'title';
  add: WriteCall<PhotoForm>;
  remove: WriteCall<{ id: string }>;
  /** the activity log's category and the subject's first word (then the job's number or the product's title) */
  log: { category: 'service' | 'inventory'; subject: string };
}

export const PHOTO_PLACES = {
  service: {
    table: 'service_photos',
    owner: 'job_id',
    ownerTable: 'jobs',
    ownerName: 'number',
    add: PHOTO_CALLS.serviceAdd,
    remove: PHOTO_CALLS.serviceRemove,
    log: { category: 'service', subject: 'Job' },
  },
  product: {
    table: 'product_photos',
    owner: 'product_id',
    ownerTable: 'products',
    ownerName: 'title',
    add: PHOTO_CALLS.productAdd,
    remove: PHOTO_CALLS.productRemove,
    log: { category: 'inventory', subject: 'Product' },
  },
} as const satisfies Record<string, PhotoPlace>;

export type PhotoKind = keyof typeof PHOTO_PLACES;

export type PhotoPlan = { ok: true; log: { subject: string; predicate: string } };

/** A photo for an owner: the owner must be there (404 otherwise); `name` is the job's number or product's title. */
export function planPhotoAdd(
  place: PhotoPlace,
  ownerId: string,
  owner: { name: string } | undefined,
): PhotoPlan | Refusal {
  if (!owner) return missing(ownerId);
  return { ok: true, log: { subject: `${place.log.subject} ${owner.name}`, predicate: 'photo added' } };
}

/** A photo's delete: only one that is there (404 otherwise). */
export function planPhotoRemove(id: string, photo: object | undefined): PhotoPlan | Refusal {
  if (!photo) return missing(id);
  return { ok: true, log: { subject: 'Photo', predicate: 'deleted' } };
}
