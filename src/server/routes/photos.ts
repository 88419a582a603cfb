import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_READ } from '../../domain/apiRoutes';
import { isId, newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { idPayloadSchema } from '../../domain/schemas';
import { jobs, productPhotos, products, servicePhotos } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { readUploadForm } from '../http/multipart';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { keepPhoto, photoHeaders, type KeptPhoto } from '../images';

interface Upload extends KeptPhoto {
  id: string;
  owner: string;
}

/**
 * Reads a multipart upload (file field `myfile`, plus the owner field and an optional client `id`) before the
 * transaction opens, checks the 10 MB limit, and keeps the photo as src/server/images.ts allows (a raster image by
 * its bytes, re-encoded, with its thumbnail): a refused file stores nothing.
 */
async function readUpload(req: FastifyRequest, ownerField: 'job_id' | 'product_id'): Promise<Upload> {
  const { file, fields } = await readUploadForm(req, { notForm: MSG.photoNotForm, missing: MSG.photoMissing });
  const owner = fields[ownerField] ?? '';
  if (!isId(owner)) throw badRequest(fill(MSG.noRecordFound, { id: owner }));
  return { id: isId(fields.id) ? fields.id : newId(), owner, ...(await keepPhoto(file)) };
}

const urls = (id: string) => ({ src: `/api/photo/${id}/full`, thumbnail: `/api/photo/${id}/thumb` });

export function photosRoutes(app: FastifyInstance, s: AppServices) {
  const { db, blobs } = s;

  for (const kind of ['service', 'product'] as const) {
    const table = kind === 'service' ? servicePhotos : productPhotos;
    const ownerField = kind === 'service' ? 'job_id' : 'product_id';
    const ownerColumn = kind === 'service' ? servicePhotos.job_id : productPhotos.product_id;
    const entity = kind === 'service' ? 'service_photos' : 'product_photos';

    defineRoute(app, s, {
      method: 'GET',
      path: kind === 'service' ? '/servicePhotos/:id' : '/productPhotos/:id',
      summary: `The photos of a ${kind === 'service' ? 'job' : 'product'} (src and thumbnail URLs)`,
      async handler({ params }) {
        const id = params.id ?? '';
        if (!isId(id)) return { value: true, data: [] };
        const rows = await db.select().from(table).where(eq(ownerColumn, id)).orderBy(asc(table.created_at));
        return { value: true, data: rows };
      },
    });

    defineRoute(app, s, {
      method: 'POST',
      path: kind === 'service' ? '/upload/service-photo' : '/upload/product-photo',
      write: true,
      summary: `Upload a ${kind} photo: multipart myfile + ${ownerField} (10 MB at most, images only)`,
      multipart: {
        file: { name: 'myfile', description: 'The image (10,000,000 bytes at most; JPEG, PNG, WebP and the like)' },
        fields: {
          [ownerField]: {
            description: `The ${kind === 'service' ? "job's" : "product's"} id`,
            required: true,
            format: 'uuid',
          },
          id: {
            description: "The photo's id, made on the device (optional; the server makes one otherwise)",
            format: 'uuid',
          },
        },
      },
      prepare: (req) => readUpload(req, ownerField),
      async handler({ tx, prepared, changed, log }) {
        const up = prepared as Upload;
        const [owner] =
          kind === 'service'
            ? await tx.select({ id: jobs.id, name: jobs.number }).from(jobs).where(eq(jobs.id, up.owner))
            : await tx
                .select({ id: products.id, name: products.title })
                .from(products)
                .where(eq(products.id, up.owner));
        if (!owner) throw notFound(fill(MSG.noRecordFound, { id: up.owner }));
        // bytes first: a row never points at a photo that is not stored (a stray blob is harmless)
        await blobs.put(`${up.id}-full`, up.full);
        await blobs.put(`${up.id}-thumb`, up.thumb);
        const values = { id: up.id, ...urls(up.id), mime: up.mime, size: up.full.length };
        if (kind === 'service') await tx.insert(servicePhotos).values({ ...values, job_id: up.owner });
        else await tx.insert(productPhotos).values({ ...values, product_id: up.owner });
        changed(entity, up.id);
        log(
          kind === 'service' ? 'service' : 'inventory',
          `${kind === 'service' ? 'Job' : 'Product'} ${owner.name}`,
          'photo added',
        );
        return { value: true, message: 'Photo uploaded', id: up.id, ...urls(up.id) };
      },
    });

    defineRoute(app, s, {
      method: 'DELETE',
      path: kind === 'service' ? '/servicePhoto' : '/productPhoto',
      write: true,
      summary: `Delete a ${kind} photo {id}`,
      body: idPayloadSchema,
      async handler({ tx, body, changed, log }) {
        const [row] = await tx.select().from(table).where(eq(table.id, body.id));
        if (!row) throw notFound(fill(MSG.noRecordFound, { id: body.id }));
        await tx.delete(table).where(eq(table.id, row.id));
        changed(entity, row.id, 'delete');
        log(kind === 'service' ? 'service' : 'inventory', 'Photo', 'deleted');
        // the bytes are kept: deleting them here could lose a photo whose delete then rolls back; an orphan
        // blob is harmless (docs/DECISIONS.md)
        return { value: true, message: 'Photo deleted' };
      },
    });
  }

  defineRoute(app, s, {
    method: 'GET',
    path: '/photo/:id/:size',
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
