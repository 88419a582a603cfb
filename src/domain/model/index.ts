import { cashups, estimates, invoices, transactions } from './billing';
import { customers } from './customers';
import { clockEntries, jobs, serviceLog, servicePhotos } from './jobs';
import { config, services, sysLog, users } from './shop';
import { inventoryLog, productPhotos, products, suppliers } from './stock';
import type { GivenFieldNames, JsonRow } from './table';

/**
 * The entity model: every synced table once, by name, in the order a new device pulls them. Everything else is
 * derived from it: the server's tables (src/server/db/schema.ts), the sync feed's columns
 * (src/server/routes/sync.ts), each table's level in the pull (src/domain/sync.ts), the device's row types and its
 * Dexie indexes (checked against the version history by tests/unit/model.test.ts). docs/ARCHITECTURE.md has the
 * recipe for adding a field.
 */
export const MODEL = {
  config,
  services,
  users,
  customers,
  jobs,
  service_photos: servicePhotos,
  service_log: serviceLog,
  clock_entries: clockEntries,
  products,
  product_photos: productPhotos,
  suppliers,
  inventory_log: inventoryLog,
  invoices,
  estimates,
  transactions,
  cashups,
  sys_log: sysLog,
};

export type EntityName = keyof typeof MODEL;
type FieldsOf<E extends EntityName> = (typeof MODEL)[E]['fields'];

/** The keys a device derives from a row of E and stores beside it (src/domain/model/keys.ts). */
export type DeviceKeys<E extends EntityName> = ReturnType<(typeof MODEL)[E]['device']['keys']>;

/**
 * A row as a device holds it: the fields the feed sends (server-only ones absent; times as ISO strings), the keys
 * it derives (optional: src/local/rows.ts putRow adds them, a row put straight into a table has none), and `_seq`,
 * the change_log seq the row was last brought by (absent when made on this device and not yet pulled back).
 */
export type DeviceRow<E extends EntityName> = JsonRow<FieldsOf<E>> & Partial<DeviceKeys<E>> & { _seq?: number };

export const ENTITY_NAMES = Object.keys(MODEL) as EntityName[];

/** The keys a device stores beside a row of `entity` (none for most tables). */
export function deviceKeys(entity: EntityName, row: Record<string, unknown>): object {
  const keys: (row: Record<string, unknown>) => object = MODEL[entity].device.keys;
  return keys(row);
}

/** The columns the feed sends a device, in the model's order. */
export function deviceColumns(entity: EntityName): string[] {
  return Object.entries(MODEL[entity].fields)
    .filter(([, f]) => !f.spec.serverOnly)
    .map(([name]) => name);
}

/** The columns the server keeps to itself (the reason is written beside each in the model). */
export function serverOnlyColumns(entity: EntityName): string[] {
  return Object.entries(MODEL[entity].fields)
    .filter(([, f]) => f.spec.serverOnly)
    .map(([name]) => name);
}

/** What a device gives for a new row of E: every field without a default, and any other it sets. */
export type NewRowInput<E extends EntityName> = Pick<DeviceRow<E>, GivenFieldNames<FieldsOf<E>>> &
  Partial<DeviceRow<E>>;

/**
 * A new row as the server's insert leaves it: the given fields, and each other device field's model default (a time
 * defaulting to the insert's is `now`). The device's repositories build their new rows with it, so a field added to
 * the model with a default needs no edit there (docs/ARCHITECTURE.md "How to add a field").
 */
export function newRow<E extends EntityName, G extends NewRowInput<E>>(
  entity: E,
  given: G,
  now: string,
): DeviceRow<E> & G {
  const defaults: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(MODEL[entity].fields)) {
    const d = f.spec.default;
    if (f.spec.serverOnly || d === undefined || given[name as keyof G] !== undefined) continue;
    defaults[name] = d === 'now' ? now : structuredClone(d.value);
  }
  return { ...defaults, ...given } as DeviceRow<E> & G;
}
