import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_READ } from '../../domain/apiRoutes';
import { isId, newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { checkBody } from '../../domain/writes/calls';
import { PHOTO_PLACES, planPhotoAdd, planPhotoRemove, type PhotoPlace } from '../../domain/writes/photos';
import type { Tx } from '../db/client';
import { jobs, productPhotos, products, servicePhotos } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { orHttp } from '../http/plans';
import { readUploadForm } from '../http/multipart';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { keepPhoto, photoHeaders, type KeptPhoto } from '../images';
import { API } from '../../domain/apiRoutes';

interface Upload extends KeptPhoto {
  id: string;
  owner: string;
}

/**
 * Reads a multipart upload (file field `myfile`, plus the place's form: the owner's id and an optional client `id`,
 * checked by the catalogue's schema as the device checks it) before the transaction opens, checks the 10 MB limit,
 * and keeps the photo as src/server/images.ts allows (a raster image by its bytes, re-encoded, with its thumbnail):
 * a refused file stores nothing.
 */
async function readUpload(req: FastifyRequest, place: PhotoPlace): Promise<Upload> {
  const { file, fields } = await readUploadForm(req, { notForm: MSG.photoNotForm, missing: MSG.photoMissing });
  const form = await checkBody(place.add, fields);
  if (!form.ok) throw badRequest(form.message);
  return { id: form.value.id ?? newId(), owner: form.value[place.owner] ?? '', ...(await keepPhoto(file)) };
}

const urls = (id: string) => ({ src: `/api/photo/${id}/full`, thumbnail: `/api/photo/${id}/thumb` });

/** A job's or a product's photos: where they are kept, and how their owner is named in the log. */
function photoKind(kind: 'service' | 'product') {
  const place = PHOTO_PLACES[kind];
  return {
    kind,
    place,
    table: kind === 'service' ? servicePhotos : productPhotos,
    ownerColumn: kind === 'service' ? servicePhotos.job_id : productPhotos.product_id,
    what: kind === 'service' ? 'job' : 'product',
    /** the owner's name for the log (the job's number, the product's title), or undefined when it is not there */
    ownerOf: async (tx: Tx, id: string) =>
      (kind === 'service'
        ? await tx.select({ name: jobs.number }).from(jobs).where(eq(jobs.id, id))
        : await tx.select({ name: products.title }).from(products).where(eq(products.id, id)))[0],
  };
}
type PhotoKind = ReturnType<typeof photoKind>;

/** Photos (SPEC §2 job and product photos): per kind the list, the upload and the delete; then the bytes. */
export function photosRoutes(app: FastifyInstance, s: AppServices) {
  for (const kind of ['service', 'product'] as const) {
    const k = photoKind(kind);
    photoList(app, s, k);
    photoUpload(app, s, k);
    photoDelete(app, s, k);
  }
  photoBytes(app, s);
}

function photoList(app: FastifyInstance, s: AppServices, { kind, table, ownerColumn, what }: PhotoKind) {
  defineRoute(app, s, {
    call: kind === 'service' ? API.servicePhotos : API.productPhotos,
    summary: `The photos of a ${what} (src and thumbnail URLs)`,
    async handler({ params }) {
      const id = params.id ?? '';
      if (!isId(id)) return { value: true, data: [] };
      const rows = await s.db.select().from(table).where(eq(ownerColumn, id)).orderBy(asc(table.created_at));
      return { value: true, data: rows };
    },
  });
}

/** The upload: the bytes are read and kept before the transaction opens (readUpload), the row stored in it. */
function photoUpload(app: FastifyInstance, s: AppServices, { kind, place, what, ownerOf }: PhotoKind) {
  defineRoute<unknown>(app, s, {
    call: place.add,
    write: true,
    summary: `Upload a ${kind} photo: multipart myfile + ${place.owner} (10 MB at most, images only)`,
    multipart: {
      file: { name: 'myfile', description: 'The image (10,000,000 bytes at most; JPEG, PNG, WebP and the like)' },
      fields: {
        [place.owner]: { description: `The ${what}'s id`, required: true, format: 'uuid' },
        id: {
          description: "The photo's id, made on the device (optional; the server makes one otherwise)",
          format: 'uuid',
        },
      },
    },
    prepare: (req) => readUpload(req, place),
    async handler({ tx, prepared, changed, log }) {
      const up = prepared as Upload;
      const plan = orHttp(planPhotoAdd(place, up.owner, await ownerOf(tx, up.owner)));
      // bytes first: a row never points at a photo that is not stored (a stray blob is harmless)
      await s.blobs.put(`${up.id}-full`, up.full);
      await s.blobs.put(`${up.id}-thumb`, up.thumb);
      const values = { id: up.id, ...urls(up.id), mime: up.mime, size: up.full.length };
      if (kind === 'service') await tx.insert(servicePhotos).values({ ...values, job_id: up.owner });
      else await tx.insert(productPhotos).values({ ...values, product_id: up.owner });
      changed(place.table, up.id);
      log(place.log.category, plan.log.subject, plan.log.predicate);
      return { value: true, message: 'Photo uploaded', id: up.id, ...urls(up.id) };
    },
  });
}

function photoDelete(app: FastifyInstance, s: AppServices, { kind, place, table }: PhotoKind) {
  defineRoute(app, s, {
    call: place.remove,
    write: true,
    summary: `Delete a ${kind} photo {id}`,
    async handler({ tx, body, changed, log }) {
      const [row] = await tx.select().from(table).where(eq(table.id, body.id));
      const plan = orHttp(planPhotoRemove(body.id, row));
      await tx.delete(table).where(eq(table.id, body.id));
      changed(place.table, body.id, 'delete');
      log(place.log.category, plan.log.subject, plan.log.predicate);
      // the bytes are kept: deleting them here could lose a photo whose delete then rolls back; an orphan
      // blob is harmless (docs/DECISIONS.md)
      return { value: true, message: 'Photo deleted' };
    },
  });
}

/** A photo's bytes, for whoever may list its job's or product's photos (PHOTO_READ). */
function photoBytes(app: FastifyInstance, s: AppServices) {
  const { db, blobs } = s;

  defineRoute(app, s, {
    call: API.photo,
    summary: "The bytes of a photo (size full or thumb); needs what listing its job's or product's photos needs",
    async handler({ params, reply, user }) {
      const id = params.id ?? '';
      const size = params.size === 'thumb' ? 'thumb' : 'full';
      if (!isId(id)) throw notFound(MSG.notFound);
      const [row] = [
        ...(await db.select({ mime: servicePhotos.mime }).from(servicePhotos).where(eq(servicePhotos.id, id))).map(
          (r) => ({ ...r, kind: 'service' as const }),
        ),
        ...(await db.select({ mime: productPhotos.mime }).from(productPhotos).where(eq(productPhotos.id, id))).map(
          (r) => ({ ...r, kind: 'product' as const }),
        ),
      ];
      if (!row) throw notFound(MSG.notFound);
      if (!can(PHOTO_READ[row.kind], user.permission)) throw forbidden(MSG.forbidden);
      const bytes = await blobs.get(`${id}-${size}`);
      if (!bytes) throw notFound(MSG.notFound);
      return reply.headers(photoHeaders(id, size, row.mime)).send(bytes);
    },
  });
}
