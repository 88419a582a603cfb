import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages';
import type { Db, Tx } from '../db/client';
import { idempotency } from '../db/schema';
import type { User } from './auth';
import { HttpError } from './errors';

/** Thrown inside a write's transaction when a twin of the request (the same key) committed first. */
export class ReplayFound extends Error {}

function hashRequest(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * A write request's Idempotency-Key (DESIGN: the outbox resends until it hears an answer) and what is kept under it:
 * the answer an earlier send got, replayed; the key claimed inside the write's transaction, so two instances given
 * the same request at once apply it once; the answer stored in that transaction; a refusal stored after it. Without
 * a key every step does nothing.
 */
export function idempotencyOf(req: FastifyRequest, reply: FastifyReply, user: User, method: string) {
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' ? header.slice(0, 200) : '';
  const requestHash = hashRequest(method, req.url, req.body);
  const row = (status: number, response: unknown) => ({
    key,
    username: user.username,
    method,
    path: req.url,
    request_hash: requestHash,
    status,
    response,
  });
  return {
    /** The earlier answer under this key (the same request by the same user only), or undefined. */
    async replay(db: Db): Promise<unknown> {
      if (!key) return undefined;
      const [stored] = await db.select().from(idempotency).where(eq(idempotency.key, key));
      if (!stored) return undefined;
      if (stored.request_hash !== requestHash || stored.username !== user.username) {
        throw new HttpError(422, MSG.idempotencyMismatch);
      }
      reply.header('Idempotent-Replay', 'true');
      reply.code(stored.status);
      return stored.response;
    },
    /** Claims the key in the write's transaction; ReplayFound when a twin committed while this one waited on it. */
    async claim(tx: Tx): Promise<void> {
      if (!key) return;
      const claimed = await tx
        .insert(idempotency)
        .values(row(0, {}))
        .onConflictDoNothing()
        .returning({ key: idempotency.key });
      if (claimed.length === 0) throw new ReplayFound();
    },
    async answered(tx: Tx, response: unknown): Promise<void> {
      if (key) await tx.update(idempotency).set({ status: 200, response }).where(eq(idempotency.key, key));
    },
    /** A refusal is an answer too: the same key gets the same refusal, never a second attempt. */
    async refused(db: Db, err: HttpError): Promise<void> {
      if (!key || err.status < 400 || err.status >= 500) return;
      const response = { value: false, message: err.message, ...err.extra };
      await db.insert(idempotency).values(row(err.status, response)).onConflictDoNothing();
    },
  };
}
