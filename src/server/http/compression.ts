import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Responses compressed by Accept-Encoding (issue 16): brotli, else gzip, for JSON and the app's text files above
 * 1 KB. The first sync of a shop is mostly the change feed's JSON, which shrinks about tenfold. Brotli at quality 4:
 * the default 11 costs far more CPU per page than it saves on a LAN or a shop's uplink. Photos (JPEG, PNG, WebP) are
 * not compressible and go as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
    },
  });
}
