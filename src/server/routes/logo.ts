import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BlobStore } from '../blobs';
import { readUploadForm } from '../http/multipart';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { keepLogo } from '../images';
import { API } from '../../domain/apiRoutes';

/** The logo's key in the blob store, beside the photos (src/server/blobs.ts): one shop, one logo. */
const LOGO_BLOB = 'shop-logo';

/** The shop's logo as documents print it (a PNG), or null when none was uploaded. */
export const readLogo = (blobs: BlobStore): Promise<Buffer | null> => blobs.get(LOGO_BLOB);

/** The upload's file (field myfile), within the photos' 10 MB, read before the transaction opens and checked. */
async function readLogoUpload(req: FastifyRequest): Promise<Buffer> {
  const { file } = await readUploadForm(req, {
    notForm: 'Send the logo as multipart form data (field myfile).',
    missing: 'Choose a picture to upload.',
  });
  return keepLogo(file);
}

/**
 * The shop's logo on every document (issue 15): uploaded in Configuration (level 5), kept as a PNG in the photos'
 * blob store, read by the documents route and fetched by devices, which keep a copy so documents printed offline carry
 * it too (src/sync/photos.ts). 204 when the shop has no logo.
 */
export function logoRoutes(app: FastifyInstance, s: AppServices) {
  const { blobs } = s;

  defineRoute(app, s, {
    call: API.shopLogo,
    summary: "The shop's logo (PNG), or 204 when it has none",
    async handler({ reply }) {
      const bytes = await readLogo(blobs);
      if (!bytes) return reply.code(204).header('Cache-Control', 'no-store').send();
      return reply
        .headers({
          'Content-Type': 'image/png',
          'Content-Disposition': 'inline; filename="shop-logo.png"',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          // it changes when the shop uploads another: devices ask each time they are online and keep their own copy
          'Cache-Control': 'no-store',
        })
        .send(bytes);
    },
  });

  defineRoute(app, s, {
    call: API.shopLogoUpload,
    write: true,
    summary: "Upload the shop's logo: multipart myfile (10 MB at most, a raster image); printed on every document",
    multipart: {
      file: { name: 'myfile', description: 'The logo (10,000,000 bytes at most; JPEG, PNG, WebP and the like)' },
      fields: {},
    },
    prepare: (req) => readLogoUpload(req),
    async handler({ prepared, log }) {
      await blobs.put(LOGO_BLOB, prepared as Buffer);
      log('system', 'Shop logo', 'uploaded');
      return { value: true, message: 'Logo uploaded' };
    },
  });

  defineRoute(app, s, {
    call: API.shopLogoRemove,
    write: true,
    summary: "Remove the shop's logo: documents print the shop's name alone",
    async handler({ log }) {
      await blobs.delete(LOGO_BLOB);
      log('system', 'Shop logo', 'removed');
      return { value: true, message: 'Logo removed' };
    },
  });
}
