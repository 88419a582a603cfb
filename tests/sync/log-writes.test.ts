import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG, fill } from '../../src/domain/messages';
import { LIMITS } from '../../src/domain/schemas/fields';
import { checkBody, mayCall, type WriteCall } from '../../src/domain/writes/calls';
import { LOG_CALLS } from '../../src/domain/writes/logLines';
import type { BayBookDB } from '../../src/local/db';
import { discardConflict } from '../../src/sync/discard';
import { DATABASES } from '../helpers/server';
import { auditDb, drain, twoDevices } from './helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * The catalogue's log calls (src/domain/writes/logLines.ts): a discarded refusal and a decided field conflict change
 * no row, only write an activity-log line. What the device queues offline is the body the server's schema takes as
 * it is (nothing for the server to refuse, so a log call never ends up refused itself), the line the server writes
 * is the one every device pulls, and a malformed body is refused in the same words by the device's check and the
 * server.
 */
describe.each(DATABASES)('log-line writes: the device queues what the server logs (%s)', (kind) => {
  const two = twoDevices(kind, 'lw', { desk: 5 });
  const { bay, front } = two;
  let n = 0;

  /** The one entry the tablet queued for `call`, checked by the call's schema as the server checks it. */
  async function queuedBody(call: WriteCall<unknown>) {
    const entries = (await two.tablet.db.outbox.toArray()).filter((e) => e.path === call.path);
    expect(entries.map((e) => e.method)).toEqual([call.method]);
    return { body: nth(entries, 0).body, checked: await checkBody(call, nth(entries, 0).body) };
  }

  /** The activity-log lines about `subject` in `category` as a database holds them (derived keys left out). */
  const lines = async (db: BayBookDB, subject: string, category: string) =>
    (await db.sys_log.toArray())
      .filter((l) => l.subject === subject && l.category === category)
      .map(({ id, category, predicate, username }) => ({ id, category, predicate, username }));

  /** The tablet's line about `subject` is the server's (pulled back), and it is `expected`. */
  async function sameLine(subject: string, expected: { category: string; username: string; predicate: string }) {
    const server = await lines(await auditDb(two.s), subject, expected.category);
    expect(server).toMatchObject([expected]);
    expect(await lines(two.tablet.db, subject, expected.category)).toEqual(server);
  }

  it('a refused change discarded offline: the queued body is the one the server takes, the same line on both', async () => {
    const username = `lw${kind.slice(0, 2)}${++n}`;
    const member = { username, permission: 2, password: 'bay-pass-1234' };
    // the tablet adds the member offline while the desk adds the same username: the server refuses the tablet's
    await two.meanwhile(
      () => bay().team.add(member),
      () => front().team.add(member),
    );
    const [c, ...more] = atLeast(await two.tablet.engine.conflicts.list(), 1);
    expect(more).toEqual([]);
    two.tablet.net.up = false;
    await discardConflict(two.tablet.db, c.id, 'typed on the desk already');
    const { body, checked } = await queuedBody(LOG_CALLS.discarded);
    expect(checked).toEqual({ ok: true, value: body });

    two.tablet.net.up = true;
    await drain(two.tablet);
    expect(await two.tablet.db.outbox.count()).toBe(0);
    expect((await two.tablet.engine.conflicts.discarded()).map((k) => [k.id, k.logged])).toEqual([[c.id, true]]);
    const reason = 'typed on the desk already';
    await sameLine(c.what, {
      category: 'system',
      username: 'admin',
      predicate: fill(MSG.discardedLogReason, { message: c.reason ?? c.message, reason }),
    });
  });

  it('a field conflict decided offline on a product with the longest title: taken as queued, the same line on both', async () => {
    const tag = ` LW${++n}`;
    const title = `${'P'.repeat(LIMITS.title - tag.length)}${tag}`;
    const { id } = await bay().products.add({ title, description: 'front', price: 4500, stock: 3, low_stock: 1 });
    await drain(two.tablet);
    await drain(two.desk);
    await two.meanwhile(
      () => bay().products.edit(id, { price: 4700 }),
      () => front().products.edit(id, { price: 4900 }),
    );
    const [c, ...more] = atLeast(await two.tablet.engine.conflicts.decisions(), 1);
    expect(more).toEqual([]);
    expect(c.field.record).toBe(`Product ${title}`);

    two.tablet.net.up = false;
    await two.tablet.engine.conflicts.decide(c.id, 'mine');
    const { body, checked } = await queuedBody(LOG_CALLS.decided);
    expect(checked).toEqual({ ok: true, value: body });

    two.tablet.net.up = true;
    await drain(two.tablet);
    // the decision's call and its log line both landed: nothing refused, nothing waiting
    const { conflicts } = two.tablet.engine;
    const left = [await two.tablet.db.outbox.count(), await conflicts.list(), await conflicts.decisions()];
    expect(left).toEqual([0, [], []]);
    await sameLine(c.field.record, {
      category: 'service',
      username: 'admin',
      predicate: 'Price conflict decided on a device: sent "$47.00" over "$49.00"',
    });
  });

  it.each([
    ['discarded', 'nothing said discarded', { entry_id: newId(), what: '  ' }],
    ['discarded', 'no entry', { what: 'Edit customer Ann Lee' }],
    ['discarded', 'a what past its limit', { entry_id: newId(), what: 'x'.repeat(LIMITS.note + 1) }],
    ['decided', 'no record', { field: 'Price', choice: 'mine' }],
    ['decided', 'a choice off the list', { record: 'Product Pads', field: 'Price', choice: 'both' }],
    [
      'decided',
      'a field past its limit',
      { record: 'Product Pads', field: 'x'.repeat(LIMITS.short + 1), choice: 'mine' },
    ],
  ] as const)(
    'a %s call with %s: the device’s check and the server refuse it in the same words',
    async (call, _w, body) => {
      const device = await checkBody<unknown>(LOG_CALLS[call], body);
      const server = await two.s.api(LOG_CALLS[call].method, LOG_CALLS[call].path, { body });
      expect(device.ok).toBe(false);
      expect([server.status, device.ok ? '' : device.message]).toEqual([400, server.body.message]);
    },
  );

  it('every level may log a line: the device’s permission check is the server’s', async () => {
    const body = { record: 'Product Pads', field: 'Price', choice: 'theirs', mine: 100, theirs: 200, money: true };
    for (const level of [1, 2, 3, 4, 5]) {
      const token = level === 5 ? two.s.adminToken : await two.s.userToken(level);
      const server = await two.s.api('POST', LOG_CALLS.decided.path, { token, body });
      expect([level, mayCall(LOG_CALLS.decided, level), mayCall(LOG_CALLS.discarded, level)]).toEqual([
        level,
        server.status === 200,
        server.status === 200,
      ]);
    }
  });
});
