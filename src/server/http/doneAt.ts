import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DONE_AT_HEADER, SENT_AT_HEADER, beforeNow, deviceDoneAt } from '../../domain/doneAt';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import type { User } from './auth';

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * When the write a device pushed was done (src/domain/doneAt.ts), for its activity-log lines; null for a request
 * that says nothing (a script, a test, an older app) or a time that cannot be trusted. The member's row is read only
 * for a time well before now (offline work), the one case the bound "not before its author was added" can refuse.
 */
export async function doneAtOf(req: FastifyRequest, tx: Tx, user: User, now: Date): Promise<Date | null> {
  const claim = { done: header(req, DONE_AT_HEADER), sent: header(req, SENT_AT_HEADER) };
  const at = deviceDoneAt(claim, now);
  if (!at || !beforeNow(at, now)) return at;
  if (!user.id) return null;
  const [member] = await tx.select({ since: users.created_at }).from(users).where(eq(users.id, user.id));
  return member ? deviceDoneAt(claim, now, member.since) : null;
}
