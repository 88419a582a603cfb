import { randomUUID } from 'node:crypto';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * What the server's log may carry: what happened and where, never the data it happened to. A customer's name, VIN or
 * note reaches a log line only through a value — a statement's parameters, a PostgreSQL message or `detail`
 * ("Key (vin)=(…) already exists", "Failing row contains (…)"), a URL's path or query, a request body — so errors are
 * rebuilt from a list of fields known to hold none, requests are logged by their route pattern, and bodies never are.
 */

/** Fields of a PostgreSQL error (pg's DatabaseError, PGlite's) that name things, never values. */
const NAMING_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;
const MAX_MESSAGE = 300;
const MAX_DEPTH = 3;

interface SafeError {
  type: string;
  message: string;
  stack: string;
  statusCode?: number;
  cause?: SafeError;
  [field: string]: unknown;
}

type ErrorLike = Error & Record<string, unknown>;

/**
 * A PostgreSQL message quotes names ("customers_vin_unique") and values ('invalid input syntax for type uuid:
 * "1HGC…"', 'value "999…" is out of range'); a quoted part survives only when the error names it in a naming field.
 */
function maskQuoted(message: string, names: readonly unknown[]): string {
  return message.replace(/"([^"]*)"/g, (whole, inner: string) => (names.includes(inner) ? whole : '"[value]"'));
}

function messageOf(e: ErrorLike): string {
  // drizzle's DrizzleQueryError reads "Failed query: <sql>\nparams: <values>": the statement is not logged either,
  // since raw SQL can inline values; the stack says which call ran it
  if (e.name === 'DrizzleQueryError' || ('params' in e && !('code' in e))) return 'Failed query';
  const message = String(e.message ?? '');
  const masked =
    'code' in e
      ? maskQuoted(
          message,
          NAMING_FIELDS.map((f) => e[f]),
        )
      : message;
  return masked.length > MAX_MESSAGE ? `${masked.slice(0, MAX_MESSAGE)}…` : masked;
}

/** An error as the log may show it: type, a message without values, the naming fields, the call stack, the cause. */
export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: '(not an Error)', stack: '' };
  const e = err as ErrorLike;
  const message = messageOf(e);
  // PGlite's error class has a minified name; a severity marks a PostgreSQL error from either driver
  const type = typeof e.severity === 'string' ? 'DatabaseError' : e.constructor?.name || e.name || 'Error';
  // the stack's first lines repeat the message: only the frames are kept
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const safe: SafeError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of NAMING_FIELDS) if (typeof e[field] === 'string' && e[field]) safe[field] = e[field];
  if (typeof e.statusCode === 'number') safe.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < MAX_DEPTH) safe.cause = safeError(e.cause, depth + 1);
  return safe;
}

/** The route a request matched (`/api/customerProfile/:vin`), or its path without the query string, shortened. */
export function routeOf(req: FastifyRequest): string {
  const pattern = req.routeOptions?.url;
  if (pattern) return pattern;
  const path = (req.url ?? '').split('?')[0];
  return path.length > 100 ? `${path.slice(0, 100)}…` : path;
}

/** What "incoming request" (debug) shows of a request: no query, no path values, no headers, no body. */
function safeRequest(req: FastifyRequest) {
  return { method: req.method, url: routeOf(req), host: req.host, remoteAddress: req.ip };
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/**
 * The logger's options: redaction of tokens and passwords (`redact`), the serializers above, and a hook that turns
 * `log.error(err)` — whose message pino would take from err.message — into `{ err }` with the safe message.
 */
export function loggerOptions(level: string, redact: string[], stream?: { write(line: string): void }): LoggerOptions {
  return {
    level,
    // no pid or hostname on every line: one process, one machine, and the lines stay short (issue 15)
    base: null,
    redact,
    serializers: { err: safeError, req: safeRequest },
    hooks: {
      logMethod(args, method) {
        const [first, second, ...rest] = args as unknown[];
        if (first instanceof Error)
          return method.apply(this, [
            { err: first },
            typeof second === 'string' ? second : safeError(first).message,
            ...rest,
          ] as Parameters<typeof method>);
        const err = first && typeof first === 'object' ? (first as { err?: unknown }).err : undefined;
        // Fastify's own error logging passes err.message as the message
        if (err instanceof Error && second === err.message)
          return method.apply(this, [first, safeError(err).message, ...rest] as Parameters<typeof method>);
        return method.apply(this, args);
      },
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Every request gets an id the client cannot choose (a forged one could tie lines of different requests together),
 * carried by every log line of the request (`reqId`) and returned as X-Request-Id, so staff can quote it.
 */
export const requestIdOptions = { requestIdHeader: false, genReqId: () => randomUUID() } as const;

export function sendRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
}

/**
 * The request log (issue 15: Fastify's two long lines per request buried the first start's admin password): at info
 * one short line when a request is answered — method, route pattern, status, milliseconds, and the reqId every line
 * of the request carries; at debug also one when it comes in, so a request that never finishes still shows. Fastify's
 * other lines (errors, streams cut short) keep their defaults.
 */
export class ShortRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: routeOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
