import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { inventoryLogSubject, inventoryLogText } from '../../src/domain/logs';
import { MSG } from '../../src/domain/messages';
import { configFormSchema, validatePayload } from '../../src/domain/schemas';
import { openLocalDb, setMeta, type BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { putRow } from '../../src/local/rows';

const first = async (schema: Parameters<typeof validatePayload>[0], value: unknown) => {
  try {
    await validatePayload(schema, value);
    return 'ok';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('Config edit form (SPEC §5: title read-only; description and amount required; amount a number)', () => {
  it('a numeric setting needs a description and a numeric amount', async () => {
    const s = configFormSchema(true);
    expect(await first(s, { description: ' ', amount: '50' })).toBe(MSG.configDescriptionRequired);
    expect(await first(s, { description: 'Rate', amount: '' })).toBe(MSG.configAmountRequired);
    expect(await first(s, { description: 'Rate', amount: 'ten' })).toBe(MSG.configAmountNumber);
    expect(await first(s, { description: 'Rate', amount: '65.5' })).toBe('ok');
    expect(await s.validate({ description: 'Rate', amount: '65.5' })).toMatchObject({ amount: 65.5 });
  });

  it('a text setting (no amount) needs its description only', async () => {
    const s = configFormSchema(false);
    expect(await first(s, { description: '', amount: '' })).toBe(MSG.configDescriptionRequired);
    expect(await first(s, { description: 'America/Jamaica', amount: '' })).toBe('ok');
  });
});

describe('Inventory log lines (SPEC §2 Subject / Log)', () => {
  it('signs the amount and adds the reason and reference', () => {
    expect(inventoryLogText(12, 'received')).toBe('+12 received');
    expect(inventoryLogText(-2, 'sold', 'INV A1-0042')).toBe('-2 sold (INV A1-0042)');
    expect(inventoryLogText(3)).toBe('+3');
  });
  it('names the product, or its id when the product is not on the device', () => {
    expect(inventoryLogSubject('Oil filter', 'p1')).toBe('Oil filter');
    expect(inventoryLogSubject(undefined, 'p1')).toBe('p1');
  });
});

async function device(username: string): Promise<{ db: BayBookDB; repos: ReturnType<typeof createRepositories> }> {
  const db = openLocalDb(`admin-unit-${Math.random().toString(36).slice(2)}`);
  await setMeta(db, 'session', { username, permission: 5 });
  return { db, repos: createRepositories(db) };
}
const member = async (db: BayBookDB, username: string, permission: number) => {
  const id = newId();
  await putRow(db, 'users', { id, username, permission });
  return id;
};

describe("Team repository refusals (the server's rules, offline, in the same words)", () => {
  it('keeps the last Super Admin, and nobody removes themselves or lowers their own level', async () => {
    const { db, repos } = await device('boss');
    const boss = await member(db, 'boss', 5);
    const chief = await member(db, 'chief', 5);
    await expect(repos.team.remove(boss)).rejects.toThrow(MSG.cannotRemoveSelf);
    await expect(repos.team.edit({ id: boss, username: 'boss', permission: 4 })).rejects.toThrow(
      MSG.cannotLowerOwnPermission,
    );
    await repos.team.remove(chief);
    const other = await device('other');
    const lone = await member(other.db, 'lone', 5);
    await expect(other.repos.team.edit({ id: lone, username: 'lone', permission: 3 })).rejects.toThrow(
      MSG.lastSuperAdmin,
    );
    await expect(other.repos.team.remove(lone)).rejects.toThrow(MSG.lastSuperAdmin);
    expect(await other.db.outbox.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('Logs repository', () => {
  it('reads the activity and inventory logs newest first, as Subject / Log lines', async () => {
    const { db, repos } = await device('boss');
    await putRow(db, 'sys_log', {
      id: 'a',
      category: 'system',
      subject: 'Setting Labour rate',
      predicate: 'set to 60',
      username: 'boss',
      created_at: '2025-03-01T10:00:00.000Z',
    });
    await putRow(db, 'sys_log', {
      id: 'b',
      category: 'service',
      subject: 'Job #A1-1',
      predicate: 'status active',
      username: 'mike',
      created_at: '2025-03-02T10:00:00.000Z',
    });
    expect(
      (await repos.logs.activityPage({ sort: 'created_at', desc: true, limit: 10 })).rows.map((l) => [
        l.id,
        l.subject,
        l.log,
      ]),
    ).toEqual([
      ['b', 'Job #A1-1', 'status active'],
      ['a', 'Setting Labour rate', 'set to 60'],
    ]);
    await putRow(db, 'products', { id: 'p1', title: 'Oil filter' });
    await putRow(db, 'inventory_log', {
      id: 'x',
      product_id: 'p1',
      amount: 5,
      reason: 'received',
      created_at: '2025-03-01T10:00:00.000Z',
    });
    await putRow(db, 'inventory_log', {
      id: 'y',
      product_id: 'gone',
      amount: -1,
      reason: 'sold',
      ref: 'INV A1-1',
      created_at: '2025-03-03T10:00:00.000Z',
    });
    expect(
      (await repos.logs.inventoryPage({ sort: 'created_at', desc: true, limit: 10 })).rows.map((l) => [
        l.id,
        l.subject,
        l.log,
      ]),
    ).toEqual([
      ['y', 'gone', '-1 sold (INV A1-1)'],
      ['x', 'Oil filter', '+5 received'],
    ]);
  });
});
