import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../src/domain/ids';
import type { Data, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * The job table's page turn on PostgreSQL starts from the user as last read at the change feed's head, and its page's
 * statement confirms that head (ReadDef.confirmsUser): one round trip instead of two (issue 16). A member removed or
 * demoted meanwhile — on any instance — is still refused at once.
 */
describe.each(DATABASES)('the job table and the signed-in user on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    for (const [k, plate] of ['KM 4821', 'KM 4990', 'ZX 1200'].entries()) {
      const customer = {
        VIN: `JTDKN3DU0A010000${k}`,
        'Registration Number': plate,
        'First name': 'Ann',
        'Contact number': `876555000${k}`,
      };
      const job = {
        id: newId(),
        number: `S9-${k}`,
        customer: { ...customer, 'Last name': 'Lee', Email: `ann${k}@lee.test` },
        mileage: 1,
      };
      const res = await s.api('POST', '/service', { body: { data: { ...job, service: ['Brakes'] } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterAll(() => s?.close());

  const turn = (token?: string, query = 'per_page=10&page=1') =>
    s.api('GET', `/bookings_?${query}`, token === undefined ? {} : { token });

  it.runIf(kind === 'postgres')('reads no user row of its own while nothing has changed', async () => {
    for (let k = 0; k < 4; k++) expect((await turn()).status).toBe(200); // each instance reads the user once
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      for (const q of ['per_page=10&page=1', 'per_page=10&page=1&search=km', 'per_page=2&page=2'])
        for (let k = 0; k < 2; k++) expect((await turn(undefined, q)).status).toBe(200);
      const statements = query.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
      expect(statements.filter((q) => q.includes('"users"'))).toEqual([]);
      expect(statements.filter((q) => q.includes('"jobs"')).length).toBeGreaterThan(0);
    } finally {
      query.mockRestore();
    }
  });

  it('refuses a member demoted or removed since their last page turn, and lets one promoted back in at once', async () => {
    const add = await s.api('POST', '/v2/auth/user', {
      body: { data: { username: 'desk3', password: 'pw-desk-731', permission: 3 } },
    });
    expect(add.status).toBe(200);
    const login = await s.api('POST', '/login', { body: { username: 'desk3', password: 'pw-desk-731' }, token: null });
    const token = login.body.token as string;
    for (let k = 0; k < 4; k++) expect((await turn(token)).status).toBe(200);
    const member = (await s.api<Data<Row<'users'>[]>>('GET', '/v2/auth/users')).body.data.find(
      (u) => u.username === 'desk3',
    );
    if (!member) throw new Error('desk3 is not in the team list');
    const level = async (permission: number) =>
      expect((await s.api('PUT', '/v2/auth/user', { body: { data: { ...member, permission } } })).status).toBe(200);

    await level(2); // below job.view
    for (let k = 0; k < 2; k++) expect((await turn(token)).status).toBe(403);
    await level(3);
    for (let k = 0; k < 2; k++) expect((await turn(token)).status).toBe(200);
    expect((await s.api('DELETE', '/v2/auth/user', { body: { data: { id: member.id } } })).status).toBe(200);
    for (let k = 0; k < 2; k++) expect((await turn(token)).status).toBe(401);
  });
});
