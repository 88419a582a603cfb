import type { Level } from '../levels';
import type { AnyField, Field, FieldKind } from './fields';

/** An index the server keeps (drizzle-kit names it in the SQL migrations: a rename is a migration). */
export interface ServerIndex<C extends string = string> {
  readonly name: string;
  readonly on: readonly C[];
  readonly unique?: boolean;
}

export type Fields = Record<string, AnyField>;

/** The fields a device receives: all but the server-only ones. */
export type DeviceFieldNames<F extends Fields> = {
  [C in keyof F]: F[C] extends Field<unknown, FieldKind, boolean, true> ? never : C;
}[keyof F];

/** A row as JSON (what the feed sends): the device's fields with their JSON values. */
export type JsonRow<F extends Fields> = { -readonly [C in DeviceFieldNames<F>]: F[C]['json'] };

/** The device fields a new row must be given: those without a default (newRow fills the others). */
export type GivenFieldNames<F extends Fields> = {
  [C in DeviceFieldNames<F>]: F[C] extends Field<unknown, FieldKind, true, boolean> ? never : C;
}[DeviceFieldNames<F>];

/**
 * One synced table: its name, the lowest level that receives it in the pull, its fields, the server's indexes, and
 * what the device adds: its Dexie indexes (after the primary key `id`) and the normalised keys derived from a row.
 */
export interface TableModel<N extends string = string, F extends Fields = Fields, K extends object = object> {
  readonly name: N;
  readonly level: Level;
  readonly fields: F;
  /** (checked against the fields where the table is declared; plain names here keep a table a TableModel) */
  readonly serverIndexes: readonly ServerIndex[];
  readonly device: {
    /** Dexie's index list after `id`, as the newest version in src/local/dbVersions.ts leaves it */
    readonly indexes: readonly string[];
    /** the keys a device stores beside the row so screens search with prefix ranges */
    keys(row: Partial<JsonRow<F>>): K;
    /**
     * the device keeps the table's row count (`rows:<entity>`, src/local/rows.ts) so its screen shows a total without
     * a count() scan: of every row, or of the live ones of a table deleted by a flag (whileLive in keys.ts)
     */
    readonly counted?: 'all' | 'live';
  };
}

const noKeys = () => ({});

/** Declares a synced table (one per table, in the area files of src/domain/model). */
export function table<const N extends string, F extends Fields, K extends object = object>(def: {
  name: N;
  level: Level;
  fields: F;
  serverIndexes?: readonly ServerIndex<Extract<keyof F, string>>[];
  device: { indexes: readonly string[]; keys?: (row: Partial<JsonRow<F>>) => K; counted?: 'all' | 'live' };
}): TableModel<N, F, K> {
  return {
    ...def,
    serverIndexes: def.serverIndexes ?? [],
    device: { ...def.device, keys: def.device.keys ?? (noKeys as () => K) },
  };
}
