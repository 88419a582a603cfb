import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES, MODEL, deviceColumns, deviceKeys, type EntityName } from '../../src/domain/model';
import { SYNC_ENTITIES, SYNC_ENTITY_LEVEL } from '../../src/domain/sync';
import { DB_VERSION, SCHEMA_HISTORY } from '../../src/local/dbVersions';

/** A table's store string as Dexie takes it: the primary key, then the model's device indexes. */
const modelStores = (entity: EntityName, indexes = MODEL[entity].device.indexes) => ['id', ...indexes].join(', ');

/** Where the version history leaves each table (the last version that lists it). */
function reached(history: readonly Readonly<Record<string, string>>[]): Record<string, string> {
  return Object.assign({}, ...history);
}

/** What the Dexie history lacks to reach the model, as the instruction a developer needs (empty when it reaches it). */
function dexieGaps(
  history: readonly Readonly<Record<string, string>>[],
  wanted: Record<string, string>,
  version: number,
): string[] {
  const now = reached(history);
  return Object.entries(wanted)
    .filter(([table, stores]) => now[table] !== stores)
    .map(
      ([table, stores]) =>
        `${table}: the model's device indexes are '${stores}' but the Dexie versions end at '${now[table]}'. ` +
        `Add version ${version + 1} to src/local/dbVersions.ts listing ${table}: '${stores}' ` +
        '(with an upgrade that fills any new derived key of the rows already stored; never delete rows).',
    );
}

const fromModel = Object.fromEntries(ENTITY_NAMES.map((e) => [e, modelStores(e)]));

describe('the entity model (issue 17)', () => {
  it('names each table by its key, and the sync list and levels are the model', () => {
    for (const e of ENTITY_NAMES) expect(MODEL[e].name).toBe(e);
    expect(SYNC_ENTITIES).toEqual(ENTITY_NAMES);
    for (const e of ENTITY_NAMES) expect(SYNC_ENTITY_LEVEL[e]).toBe(MODEL[e].level);
  });

  it('indexes on the device only what a device row holds: its columns and its derived keys', () => {
    for (const e of ENTITY_NAMES) {
      const held = new Set([...deviceColumns(e), ...Object.keys(deviceKeys(e, {}))]);
      const used = MODEL[e].device.indexes.flatMap((i) => i.replace(/^\*|^\[|\]$/g, '').split('+'));
      expect(
        used.filter((c) => !held.has(c)),
        e,
      ).toEqual([]);
    }
  });

  it('indexes on the server only columns of the table', () => {
    for (const e of ENTITY_NAMES) {
      const columns = Object.keys(MODEL[e].fields);
      for (const index of MODEL[e].serverIndexes)
        expect(
          index.on.filter((c) => !columns.includes(c)),
          index.name,
        ).toEqual([]);
    }
  });

  it("has Dexie's version history reach the model's device indexes (a new index needs a new version)", () => {
    expect(SCHEMA_HISTORY).toHaveLength(DB_VERSION);
    expect(dexieGaps(SCHEMA_HISTORY, fromModel, DB_VERSION)).toEqual([]);
  });

  it('says which version to add when the model gains an index the history lacks', () => {
    const wanted = { ...fromModel, jobs: modelStores('jobs', [...MODEL.jobs.device.indexes, 'technician_key']) };
    const gaps = dexieGaps(SCHEMA_HISTORY, wanted, DB_VERSION);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toContain(
      `Add version ${DB_VERSION + 1} to src/local/dbVersions.ts listing jobs: '${wanted.jobs}'`,
    );
  });
});
