import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MSG } from '../domain/messages';
import { PHOTO_MAX_BYTES } from '../domain/schemas/admin';
import { blobStoreFor, type BlobStore } from './blobs';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { HttpError } from './http/errors';
import { trackClosing } from './http/closing';
import type { AppServices } from './http/services';
import { registerRoutes } from './routes';
import { registerCors } from './http/cors';
import { registerCompression } from './http/compression';
import { registerJsonBody } from './http/jsonBody';
import { ShortRequestLog, loggerOptions, requestIdOptions, routeOf, safeError, sendRequestId } from './http/logging';
import { registerSecurityHeaders } from './http/securityHeaders';
import { liveChanges } from './live';
import { startFeedJson } from './db/feedJson';
import { liveStreams } from './liveStream';
import { registerSetup, type SecureServing } from './tls/setupRoutes';

export const API_PREFIX = '/api';

export interface BuildOptions {
  database: Database;
  config: ServerConfig;
  blobs?: BlobStore;
  logger?: boolean;
  /** where the request log goes when `logger` is on (default: stdout); tests capture it */
  logStream?: { write(line: string): void };
  /** the HTTPS port and the shop's authority when the server also serves HTTPS (src/server/tls); none by default */
  secure?: SecureServing | null;
}

/**
 * Never in the log: the bearer token, and a password wherever a body carries one (SPEC's bodies are wrapped as
 * {data: ...}, so both the bare and the wrapped form), should anything log a request body.
 */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'data.password',
  'body.password',
  'body.data.password',
  'req.body.password',
  'req.body.data.password',
];

/** The whole server as a factory, so tests start real instances on free ports against real databases. */
export async function buildApp({
  database,
  config,
  blobs,
  logger,
  logStream,
  secure = null,
}: BuildOptions): Promise<FastifyInstance> {
  // the union of config is one of Fastify's accepted shapes; typed here so the overloads resolve to the http server
  const trustProxy = config.trustProxy as FastifyServerOptions['trustProxy'] & (boolean | number | string[]);
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, LOG_REDACT, logStream) : false,
    // one short line per request (http/logging.ts)
    logController: new ShortRequestLog(),
    ...requestIdOptions,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy,
  });

  await registerPlugins(app, config);

  // Route body schemas are there for the OpenAPI document; payloads are validated by the domain's yup schemas
  // (SPEC's messages), so Fastify's own validator accepts everything.
  app.setValidatorCompiler(() => () => true);

  setErrorAnswers(app, !!logger);

  const live = await liveChanges(database, config.databaseUrl);
  const streams = liveStreams(live);
  // open streams never end alone: end them as closing starts, or app.close() would wait on them
  app.addHook('preClose', async () => streams.endAll());
  app.addHook('onClose', () => live.close());
  const feedJson = await startFeedJson(database, (err) => app.log.error({ err }, 'building the feed JSON failed'));
  app.addHook('onClose', () => feedJson.stop());
  const services: AppServices = {
    db: database.db,
    config,
    blobs: blobs ?? blobStoreFor(database, config),
    signToken: (payload) => app.jwt.sign(payload),
    closing: trackClosing(app),
    live,
    liveStreams: streams,
    secure,
  };

  // the set-up page and, when HTTPS is served, the plain port's move to it: before the API and the app's files
  registerSetup(app, secure, API_PREFIX);

  await app.register(
    async (api) => {
      registerRoutes(api, services);
      api.setNotFoundHandler((_req, reply) => reply.code(404).send({ value: false, message: MSG.notFound }));
    },
    { prefix: API_PREFIX },
  );

  if (config.staticDir && existsSync(join(config.staticDir, 'index.html'))) await serveTheApp(app, config.staticDir);

  return app;
}

/** Every answer's plumbing: security headers, compression, request ids, CORS, JSON bodies, JWT, multipart, /docs. */
async function registerPlugins(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await registerSecurityHeaders(app, config.hsts);
  await registerCompression(app);
  sendRequestId(app);
  registerCors(app, config.corsOrigins, API_PREFIX);
  // JSON bodies: size and nesting bounded before anything parses or hashes them (http/jsonBody.ts)
  registerJsonBody(app);
  await app.register(jwt, { secret: config.jwtSecret, sign: { expiresIn: config.tokenTtlSeconds } });
  // multipart stops reading one byte past the limit, so the route can tell 'too large' apart
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES + 1, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'BayBook API', version: '3.0', description: 'The REST API of SPEC §7, under /api' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}

/**
 * Errors as SPEC's answers: a refusal (HttpError) with its words, Fastify's own 4xx in plain words, anything else a
 * 500 that says to try again — logged, its statement's values never (safeError).
 */
function setErrorAnswers(app: FastifyInstance, logger: boolean): void {
  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.status).send({ value: false, message: err.message, ...err.extra });
    }
    const e = err as { statusCode?: number; code?: string; message: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ value: false, message: MSG.fileTooLarge });
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply
        .code(e.statusCode)
        .send({ value: false, message: e.statusCode === 413 ? 'The request is too large.' : 'Invalid request.' });
    }
    // an unexpected failure is always reported, even with the request logger off (tests, benches)
    // the error as safeError rebuilds it: a failed statement's parameters and values never reach the log
    if (logger) req.log.error({ err }, 'request failed');
    else console.error(`500 on ${req.method} ${routeOf(req)} (${req.id}):`, safeError(err));
    return reply.code(500).send({ value: false, message: 'Something went wrong on the server. Try again.' });
  });
}

/** The built PWA: its files (the shell and worker never cached, assets for a year) and every screen route's shell. */
async function serveTheApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const noCache = new Set(['index.html', 'sw.js', 'build-meta.json', 'manifest.webmanifest', 'registerSW.js']);
  await app.register(fastifyStatic, {
    root: staticDir,
    index: ['index.html'],
    setHeaders(res, path) {
      const name = path.split(/[\\/]/).pop() ?? '';
      if (noCache.has(name)) res.header('Cache-Control', 'no-cache');
      else if (path.includes(`${join('assets', '')}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // history fallback: every screen route of the PWA answers with the app shell
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith(API_PREFIX) && !req.url.startsWith('/docs')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ value: false, message: MSG.notFound });
  });
}
