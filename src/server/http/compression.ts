import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

const brotli = (quality: number) => ({
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: quality },
});
/** The sync feed's pages (200–400 KB, the bulk of a first sync's bytes): worth quality 4's extra CPU. */
const BROTLI_FEED = brotli(4);
/**
 * Every other answer (a job table page is 6–7 KB): quality 2 costs 40 % of quality 4's CPU for 8 % more bytes —
 * on the job list, quality 4's compression was 13 % of the server's CPU (docs/PERFORMANCE.md).
 */
const BROTLI_ANSWER = brotli(2);

/**
 * Responses compressed by Accept-Encoding (issue 16): brotli, else gzip, for JSON and the app's text files above
 * 1 KB. The first sync of a shop is mostly the change feed's JSON, which shrinks about tenfold. Brotli at quality 2 or
 * 4 (below): the default 11 costs far more CPU per page than it saves on a LAN or a shop's uplink. Photos (JPEG, PNG, WebP) are
 * not compressible and go as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_ANSWER,
  });
}

const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

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
  const body = encoding === 'br' ? await brotliOnce(text, BROTLI_FEED) : await gzipOnce(text);
  return reply.header('Content-Encoding', encoding).send(body);
}
