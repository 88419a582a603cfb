import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Schema } from 'yup';
import type { ApiCall, Method } from '../../domain/apiCall';
import type { CatalogueCall } from '../../domain/apiRoutes';
import type { SyncEntityName } from '../../domain/sync';
import { newId } from '../../domain/ids';
import { MSG, fill } from '../../domain/messages';
import { isStorableText } from '../../domain/schemas/fields';
import { can } from '../../domain/permissions';
import { waitForTurn, type Db, type Tx } from '../db/client';
import { sysLog } from '../db/schema';
import { authenticate, confirmEarly, earlyUser, startedEarly, forgetUsers, keepUsersOf, type User } from './auth';
import { idempotencyOf, ReplayFound } from './idempotency';
import { writeChangeLog } from './changes';
import { doneAtOf } from './doneAt';
import { bodyDoc, multipartDoc, queryDoc, type MultipartDoc, type QueryParamDoc } from './openapi';
import { HttpError, badRequest, forbidden } from './errors';
import type { AppServices } from './services';
import { validOrBadRequest } from './validate';

export interface ReadCtx<B> {
  req: FastifyRequest;
  reply: FastifyReply;
  db: Db;
  user: User;
  body: B;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  services: AppServices;
}

export interface WriteCtx<B> extends Omit<ReadCtx<B>, 'db'> {
  /** the transaction every read and write of a mutation goes through */
  tx: Tx;
  /** record that a row changed, for the pull feed (written at the end of the same transaction) */
  changed(entity: SyncEntityName, id: string, op?: 'upsert' | 'delete'): void;
  /** the activity log entry for this change (SPEC §3 system log: subject, predicate) */
  log(category: 'service' | 'inventory' | 'system', subject: string, predicate: string): void;
}

interface BaseDef<B> {
  /**
   * The call this route serves, as the catalogue declares it (src/domain/apiRoutes.ts): its method, path, permission
   * and body schema come from there, so a route outside the catalogue does not typecheck.
   */
  call: CatalogueCall & { readonly body?: Schema<B> };
  summary?: string;
  /** the query parameters the handler reads, for the OpenAPI document only (the handler checks them) */
  query?: Record<string, QueryParamDoc>;
  /** a multipart/form-data upload's fields, for the OpenAPI document only (the route reads the parts itself) */
  multipart?: MultipartDoc;
}
export interface ReadDef<B> extends BaseDef<B> {
  write?: false;
  /**
   * Every statement of the handler reads the change feed's head with its rows and reports it (`sawHead`): on
   * PostgreSQL the request may then start from the user as last read at a head, and the handler's statements confirm
   * it, instead of a round trip of its own to read the user first (one round trip instead of two for the job table).
   */
  confirmsUser?: true;
  handler(ctx: ReadCtx<B>): Promise<unknown>;
}
export interface WriteDef<B> extends BaseDef<B> {
  write: true;
  /**
   * Work that must happen before the transaction opens (reading a multipart upload, resizing a photo): holding a
   * transaction open while bytes arrive would stall every other writer. Its result is `ctx.prepared`.
   */
  prepare?(req: FastifyRequest, ctx: { user: User; services: AppServices }): Promise<unknown>;
  handler(ctx: WriteCtx<B> & { prepared: unknown }): Promise<unknown>;
}

/**
 * The field (or key) holding text PostgreSQL cannot store — U+0000, an unpaired surrogate — anywhere in a body, query
 * or params, fields a schema leaves open (mixed) included: such input is refused as a whole, with the field named,
 * rather than failing deep in a query. Bodies are at most JSON_MAX_DEPTH deep (jsonBody.ts), so the walk is bounded.
 */
function unstorableAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || 'The request';
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const here = Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    if (!isStorableText(k)) return here;
    const found = unstorableAt(v, here);
    if (found) return found;
  }
  return undefined;
}

/** Every route with a body schema, by "METHOD /path" (without /api): the schema-driven fuzz suite walks it. */
export const ROUTE_SCHEMAS = new Map<
  string,
  { method: Method; path: string; write: boolean; schema: Schema<unknown> }
>();

/** SPEC §7: request bodies are mostly wrapped as {data: ...}; both forms are accepted. */
export function unwrap(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body)
    return (body as { data: unknown }).data;
  return body ?? {};
}

async function validate<B>(schema: Schema<B> | undefined, raw: unknown): Promise<B> {
  return schema ? validOrBadRequest(schema, raw) : (raw as B);
}

/** PostgreSQL 23505 (drizzle wraps driver errors; the code sits on the error or its cause). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export function defineRoute<B>(app: FastifyInstance, services: AppServices, def: ReadDef<B> | WriteDef<B>): void {
  const call: ApiCall = def.call;
  const { method, path, action } = call;
  const { db } = services;
  keepUsersOf(db);
  // an upload's parts are read by the route itself (the call's schema checks the form's fields on the device)
  const body = def.multipart ? undefined : call.body;
  if (body) ROUTE_SCHEMAS.set(`${method} ${path}`, { method, path, write: !!def.write, schema: body });

  app.route({
    method,
    url: path,
    schema: {
      summary: def.summary ?? `${method} ${path}`,
      tags: [path.split('/')[1] || 'api'],
      ...(body ? { body: bodyDoc(body, call.fields) } : {}),
      ...(def.query ? { querystring: queryDoc(def.query) } : {}),
      ...(def.multipart ? { body: multipartDoc(def.multipart), consumes: ['multipart/form-data'] } : {}),
      ...(action ? { description: `Needs permission ${action}.` } : { security: [] }),
    },
    handler: async (req, reply) => {
      const turn = waitForTurn(db);
      if (turn) await turn;
      const user = await userOf(req, db, action, !def.write && def.confirmsUser);
      // the payload first, so the field is named as the form names it; then anything around it
      const unstorable =
        unstorableAt(unwrap(req.body)) ?? unstorableAt(req.body) ?? unstorableAt(req.query) ?? unstorableAt(req.params);
      if (unstorable)
        throw badRequest(fill(MSG.unstorable, { field: unstorable.slice(0, 80) }), { field: unstorable.slice(0, 80) });
      // a query parameter given twice arrives as an array; every handler reads one string per name
      const repeated = Object.entries((req.query ?? {}) as Record<string, unknown>).find(
        ([, v]) => v !== undefined && typeof v !== 'string',
      );
      if (repeated) throw badRequest(`Give the query parameter ${repeated[0].slice(0, 40)} once.`);
      const checked = await validate(body as Schema<B> | undefined, unwrap(req.body));
      const base = {
        req,
        reply,
        user,
        body: checked,
        params: (req.params ?? {}) as Record<string, string>,
        query: (req.query ?? {}) as Record<string, string | undefined>,
        services,
      };
      if (!def.write) return runRead(def, { ...base, db }, action);
      return runWrite(req, reply, db, user, def, base);
    },
  });
}

/**
 * The signed-in user, allowed the route's action: read now, or for a read that confirms it (ReadDef.confirmsUser) as
 * last read at a head, when that one is allowed (else read now: a promotion since shows at once).
 */
async function userOf(req: FastifyRequest, db: Db, action: ApiCall['action'], confirmed?: boolean): Promise<User> {
  if (action === null) return { id: '', username: '', permission: 0 };
  const kept = confirmed ? await earlyUser(req, db) : undefined;
  const user = kept && can(action, kept.permission) ? kept : await authenticate(req, db);
  if (!can(action, user.permission)) throw forbidden(MSG.forbidden);
  return user;
}

/**
 * A read's answer; one started from a kept user stands only when its statements confirm that user (confirmEarly),
 * else it runs again from the user read now. It is a read, so running it twice changes nothing.
 */
async function runRead<B>(def: ReadDef<B>, ctx: ReadCtx<B>, action: ApiCall['action']): Promise<unknown> {
  if (!startedEarly(ctx.req)) return def.handler(ctx);
  let answer: unknown;
  try {
    answer = await def.handler(ctx);
  } catch {
    // a refusal to a user not yet confirmed is not sent as it is: the user may be gone, or the refusal stale
    return rerun(def, ctx, action, await authenticate(ctx.req, ctx.db));
  }
  const user = await confirmEarly(ctx.req, ctx.db);
  return user ? rerun(def, ctx, action, user) : answer;
}

function rerun<B>(def: ReadDef<B>, ctx: ReadCtx<B>, action: ApiCall['action'], user: User) {
  if (action && !can(action, user.permission)) throw forbidden(MSG.forbidden);
  return def.handler({ ...ctx, user });
}

async function runWrite<B>(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  user: User,
  def: WriteDef<B>,
  base: Omit<ReadCtx<B>, 'db'>,
): Promise<unknown> {
  const keyed = idempotencyOf(req, reply, user, def.call.method);
  const earlier = await keyed.replay(db);
  if (earlier !== undefined) return earlier;
  const prepared = def.prepare ? await def.prepare(req, { user, services: base.services }) : undefined;
  try {
    const { response, usersChanged } = await db.transaction(async (tx) => {
      await keyed.claim(tx);
      const done = await applyWrite(tx, def, { ...base, prepared, tx }, user);
      await keyed.answered(tx, done.response);
      return done;
    });
    // committed: the next request of that user reads the row again
    if (usersChanged) forgetUsers(db);
    return response;
  } catch (thrown) {
    if (thrown instanceof ReplayFound) return keyed.replay(db);
    const err = isUniqueViolation(thrown) ? new HttpError(409, MSG.duplicateNumber) : thrown;
    if (err instanceof HttpError) await keyed.refused(db, err);
    throw err;
  }
}

/**
 * Runs a write's handler in its transaction, then writes what it reported: its activity-log lines (one naming the
 * route when it wrote none) and a change-log entry per row it changed, for the pull. The answer is the handler's
 * result as JSON would carry it.
 */
async function applyWrite<B>(
  tx: Tx,
  def: WriteDef<B>,
  ctx: Omit<WriteCtx<B>, 'changed' | 'log'> & { prepared: unknown },
  user: User,
): Promise<{ response: unknown; usersChanged: boolean }> {
  const changes = new Map<string, { entity: SyncEntityName; id: string; op: 'upsert' | 'delete' }>();
  const logs: { category: string; subject: string; predicate: string }[] = [];
  const result = await def.handler({
    ...ctx,
    changed: (entity, id, op = 'upsert') => changes.set(`${entity}:${id}`, { entity, id, op }),
    log: (category, subject, predicate) => logs.push({ category, subject, predicate }),
  });
  if (logs.length === 0)
    logs.push({ category: 'system', subject: `${def.call.method} ${def.call.path}`, predicate: 'done' });
  // when a device's outbox entry was made, beside the server's own time (created_at): issue 30
  const done_at = await doneAtOf(ctx.req, tx, user, new Date());
  for (const l of logs) {
    const id = newId();
    await tx.insert(sysLog).values({ id, ...l, username: user.username, done_at });
    changes.set(`sys_log:${id}`, { entity: 'sys_log', id, op: 'upsert' });
  }
  await writeChangeLog(tx, [...changes.values()]);
  return {
    response: JSON.parse(JSON.stringify(result ?? {})),
    usersChanged: [...changes.values()].some((c) => c.entity === 'users'),
  };
}
