import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

describe.each(DATABASES)('configuration sheet on %s', (kind) => {
  let s: TestServer;
  let level1: string;
  beforeAll(async () => {
    s = await startServer(kind);
    level1 = await s.userToken(1);
  });
  afterAll(() => s?.close());

  it('lists every setting as {name, amount, description} to any signed-in user', async () => {
    const res = await s.api('GET', '/configsheet', { token: level1 });
    const byName = Object.fromEntries(res.body.map((r: any) => [r.name, r]));
    expect(byName.labour_rate.amount).toBe(50);
    expect(byName.point_value.amount).toBe(0.5);
    expect(byName.time_zone.description).toBe('America/Jamaica');
  });

  it('gives the storage terms in JMD', async () => {
    const res = await s.api('GET', '/configsheet/storage', { token: level1 });
    expect(res.body).toMatchObject({ amount: 2000, further: { amount: 1000 }, parts_notice_days: 5, collect_days: 7 });
  });

  it('pages the sheet (default 15) for level 5', async () => {
    const page = await s.api('GET', '/configsheet_?page=1&per_page=3');
    expect(page.body.data.data).toHaveLength(3);
    expect(page.body.data.total).toBeGreaterThan(3);
    expect((await s.api('GET', '/configsheet_?page=0')).status).toBe(400);
  });

  it('edits description and amount (title read-only) with the SPEC notice; an amount stays a number', async () => {
    const rows = (await s.api('GET', '/configsheet')).body;
    const rate = rows.find((r: any) => r.name === 'labour_rate');
    expect(
      (await s.api('PUT', `/configsheet/${rate.id}`, { body: { data: { title: 'x', description: '', amount: 60 } } }))
        .body.message,
    ).toBe(MSG.configDescriptionRequired);
    expect(
      (await s.api('PUT', `/configsheet/${rate.id}`, { body: { data: { description: 'Rate', amount: 'sixty' } } })).body
        .message,
    ).toBe(MSG.configAmountNumber);
    expect((await s.api('PUT', `/configsheet/${rate.id}`, { body: { data: { description: 'Rate' } } })).status).toBe(
      400,
    );
    const key = newId();
    const ok = await s.api('PUT', `/configsheet/${rate.id}`, {
      key,
      body: { data: { title: 'Hacked', description: 'Rate per hour', amount: 60 } },
    });
    expect(ok.body).toEqual({ value: true, message: MSG.configNotice });
    expect(
      (
        await s.api('PUT', `/configsheet/${rate.id}`, {
          key,
          body: { data: { title: 'Hacked', description: 'Rate per hour', amount: 60 } },
        })
      ).headers.get('idempotent-replay'),
    ).toBe('true');
    const after = (await s.api('GET', '/configsheet')).body.find((r: any) => r.name === 'labour_rate');
    expect(after).toMatchObject({ amount: 60, title: 'Labour rate', description: 'Rate per hour' });
    expect(
      (
        await s.api('PUT', `/configsheet/${rate.id}`, {
          token: level1,
          body: { data: { description: 'x', amount: 1 } },
        })
      ).status,
    ).toBe(403);
  });
});
