import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/apiRoutes';
import { newId } from '../../src/domain/ids';
import { ACTIONS } from '../../src/domain/permissions';
import { operationOf, type OpenApiDoc } from '../helpers/answers';
import { signHs256 } from '../helpers/jwt';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { atLeast, known } from '../helpers/present';

/**
 * The permission matrix, generated from the domain's tables: every route the server serves, called with levels
 * 1–5, no token, an expired token, a token signed with another secret and a token whose permission was edited.
 */
const fill = (path: string) =>
  path
    .replace(':level', '3')
    .replace(':filter', 'all')
    .replace(':size', 'thumb')
    .replace(/:[A-Za-z]+/g, newId());

describe.each(DATABASES)('permission matrix on %s', (kind) => {
  let s: TestServer;
  const tokens: Record<number, string> = {};
  let expired: string;
  let forged: string;
  let edited: string;

  beforeAll(async () => {
    s = await startServer(kind);
    for (const level of [1, 2, 3, 4, 5]) tokens[level] = await s.userToken(level);
    expired = signHs256(
      { username: 'admin', permission: 5, exp: Math.floor(Date.now() / 1000) - 60 },
      s.config.jwtSecret,
    );
    forged = signHs256(
      { username: 'admin', permission: 5, exp: Math.floor(Date.now() / 1000) + 600 },
      'another-secret',
    );
    // a level-1 token with its payload rewritten to level 5, keeping the original signature
    const [h, p, sig] = atLeast(known(tokens[1], 'tokens[1]').split('.'), 3);
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    edited = [h, Buffer.from(JSON.stringify({ ...payload, permission: 5 })).toString('base64url'), sig].join('.');
  });
  afterAll(() => s?.close());

  it('serves every call of the domain table (SPEC §7), each once', () => {
    const missing = API_ROUTES.filter((r) => !s.app.hasRoute({ method: r.method, url: `/api${r.path}` }));
    expect(missing).toEqual([]);
    const keys = API_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('documents every call in the OpenAPI document at /docs', async () => {
    const doc = (await (await fetch(`${s.url}/docs/json`)).json()) as OpenApiDoc;
    for (const r of API_ROUTES) {
      const path = `/api${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${path}`).toBeTruthy();
    }
    // bodies are documented from the same yup schemas that validate them, their bounds included
    const body = known(
      operationOf(doc, 'post', '/api/customer').requestBody?.content['application/json'],
      'the JSON body of POST /api/customer',
    ).schema;
    expect(JSON.stringify(body)).toContain('"registration":{"type":"string","maxLength":20,"minLength":2}');
    // the paged routes' query parameters and the uploads' multipart fields are documented too
    const query = (path: string) =>
      Object.fromEntries(
        (operationOf(doc, 'get', path).parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]),
      );
    expect(query('/api/bookings_')).toMatchObject({
      page: { type: 'integer', minimum: 1 },
      per_page: { type: 'integer', maximum: 500, default: 10 },
      orderBy: { enum: expect.arrayContaining(['created_at', 'registration']) },
      orderDirection: { enum: ['asc', 'desc'] },
      search: { type: 'string' },
    });
    expect(Object.keys(query('/api/v2/inventory/products_')).sort()).toEqual([
      'orderBy',
      'orderDirection',
      'page',
      'per_page',
      'search',
    ]);
    expect(query('/api/configsheet_')).toMatchObject({ per_page: { default: 15 } });
    expect(query('/api/sys-log')).toMatchObject({
      category: { enum: ['service', 'inventory', 'system'] },
      page: { type: 'integer' },
    });
    expect(Object.keys(query('/api/v3/sync/changes')).sort()).toEqual(['limit', 'only', 'since']);
    for (const [path, owner] of [
      ['/api/upload/service-photo', 'job_id'],
      ['/api/upload/product-photo', 'product_id'],
    ] as const) {
      const form = operationOf(doc, 'post', path).requestBody?.content['multipart/form-data']?.schema;
      // toMatchObject holds an array to its exact items: `required` is these two, in this order
      expect(form).toMatchObject({
        properties: { myfile: { type: 'string', format: 'binary' }, [owner]: { type: 'string', format: 'uuid' } },
        required: ['myfile', owner],
      });
    }
    const ui = await fetch(`${s.url}/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
  });

  const served = () => API_ROUTES.filter((r) => s.app.hasRoute({ method: r.method, url: `/api${r.path}` }));

  it('answers each protected route with 401 for no, expired, forged and edited tokens', async () => {
    for (const r of served().filter((x) => x.action !== null)) {
      for (const [name, token] of [
        ['none', null],
        ['expired', expired],
        ['forged', forged],
        ['edited', edited],
      ] as const) {
        const res = await s.api(r.method, fill(r.path), { token, body: r.method === 'GET' ? undefined : {} });
        expect.soft(res.status, `${r.method} ${r.path} with ${name} token`).toBe(401);
      }
    }
  });

  it('answers 403 below the minimum level and lets the minimum level through', async () => {
    for (const r of served().filter((x) => x.action !== null)) {
      const min = ACTIONS[r.action!];
      for (const level of [1, 2, 3, 4, 5]) {
        const res = await s.api(r.method, fill(r.path), {
          token: tokens[level],
          body: r.method === 'GET' ? undefined : {},
        });
        if (level < min) expect.soft(res.status, `${r.method} ${r.path} at level ${level}`).toBe(403);
        else
          expect
            .soft([401, 403, 500], `${r.method} ${r.path} at level ${level}: ${res.status}`)
            .not.toContain(res.status);
      }
    }
  });

  it('keeps public routes public', async () => {
    for (const r of served().filter((x) => x.action === null)) {
      const res = await s.api(r.method, r.path, { token: null, body: r.method === 'GET' ? undefined : {} });
      expect([401, 403]).not.toContain(res.status);
    }
  });
});
