import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES, MODEL, deviceKeys } from '../../src/domain/model';

/**
 * Which tables a device keeps a row count of is said once, in the model (`device.counted`); src/local/rows.ts reads
 * it. A table counted by its live rows must be one deleted by a flag whose list keys a deleted row loses, or its
 * count and its list would disagree.
 */
describe("the model's counted tables", () => {
  const counted = (how: 'all' | 'live') => ENTITY_NAMES.filter((e) => MODEL[e].device.counted === how);

  it('counts the tables whose screens show a total', () => {
    expect(counted('all').sort()).toEqual(
      ['customers', 'estimates', 'inventory_log', 'invoices', 'sys_log', 'transactions'].sort(),
    );
    expect(counted('live').sort()).toEqual(['products', 'suppliers', 'users']);
  });

  it.each(counted('live'))('%s: deleted by a flag, and a deleted row leaves every list', (entity) => {
    expect(Object.keys(MODEL[entity].fields)).toContain('deleted');
    const lists = Object.entries(deviceKeys(entity, { id: 'x', deleted: true })).filter(([k]) => k.startsWith('list_'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.filter(([, v]) => v !== undefined)).toEqual([]);
  });
});
