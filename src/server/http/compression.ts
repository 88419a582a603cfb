import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Brotli at quality 2: on a sync feed page (373 KB) it costs 1.2 ms of CPU against quality 4's 2.1 ms for 1.6 % more
 * bytes, on a 6.6 KB job table page 40 % of quality 4's CPU for 8 % more (docs/PERFORMANCE.md); the default 11
 * costs far more CPU per page than it saves on a LAN or a shop's uplink. A 256 KB window (lgwin 18) instead of the
 * default 4 MB: each of the pages compressed at once on the thread pool had a 4 MB ring buffer of its own to fault in,
 * which took the server's CPU per feed page from 2.5–2.7 ms to 5.1–6.1 ms under 50 devices, for the same bytes (the
 * largest answer, a feed page, is under 400 KB).
 */
const BROTLI = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 2,
    [constants.BROTLI_PARAM_LGWIN]: 18,
  },
};

/**
 * Responses compressed by Accept-Encoding (issue 16): brotli, else gzip, for JSON and the app's text files above
 * 1 KB, brotli at quality 2 (above). The first sync of a shop is mostly the change feed's JSON, which shrinks about
 * sixfold. Photos (JPEG, PNG, WebP) are not compressible and go as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI,
  });
}

const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/**
 * The output buffer of a one-piece compression: a compressed feed page (≈ 55 KB of 326–373 KB) fits in one, so the
 * thread pool hands it back once. With zlib's default 16 KB every page came back in four pieces, each a callback on
 * the event loop, a slice and a copy to join them: 5.2 → 4.3 ms of the process's CPU a page (docs/PERFORMANCE.md).
 */
const ONE_PIECE = 128 * 1024;

/** The encoding a client takes, by our preference (br, then gzip); q=0 refuses one. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const taken = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) taken.add(name);
  }
  return taken.has('br') ? 'br' : taken.has('gzip') || taken.has('*') ? 'gzip' : null;
}

/**
 * Sends a large JSON text compressed in one piece on libuv's thread pool (the sync feed's page, 200–400 KB). The
 * plugin compresses such a payload as a stream on the event loop's thread, chunk by chunk: a profile of 50 devices
 * pulling showed a third of the server's CPU in those chunks' compression, callbacks and writes.
 */
export async function sendJsonCompressed(reply: FastifyReply, acceptEncoding: string | undefined, text: string) {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  const encoding = acceptedEncoding(acceptEncoding);
  if (!encoding) return reply.send(text);
  const body =
    encoding === 'br'
      ? await brotliOnce(text, { ...BROTLI, chunkSize: ONE_PIECE })
      : await gzipOnce(text, { chunkSize: ONE_PIECE });
  return reply.header('Content-Encoding', encoding).send(body);
}
