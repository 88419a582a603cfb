import type { SyncEntityName } from '../domain/sync';

/** The counter of an entity's rows on the device (a table's total: Dexie's count() walks the whole table). */
export function rowCountKey(entity: SyncEntityName): string {
  return `rows:${entity}`;
}
