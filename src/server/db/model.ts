import { sql, type $Type, type ColumnBuilderBase, type HasDefault, type NotNull } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
  type PgBigInt53BuilderInitial,
  type PgBooleanBuilderInitial,
  type PgDoublePrecisionBuilderInitial,
  type PgIntegerBuilderInitial,
  type PgJsonbBuilderInitial,
  type PgTextBuilderInitial,
  type PgTimestampBuilderInitial,
  type PgUUIDBuilderInitial,
} from 'drizzle-orm/pg-core';
import type { AnyField, Field, FieldKind } from '../../domain/model/fields';
import type { Fields, TableModel } from '../../domain/model/table';

/**
 * The server's side of the entity model: a synced table of src/domain/model as a drizzle pgTable. Column types, NOT
 * NULL, defaults, the primary key and the indexes come from the model, so the SQL migrations drizzle-kit generates
 * follow it; the column types carry the model's TypeScript types, so `$inferSelect` is exact (times are Dates here).
 */

type BaseBuilder<K extends FieldKind> = {
  text: PgTextBuilderInitial<'', [string, ...string[]]>;
  int: PgIntegerBuilderInitial<''>;
  money: PgBigInt53BuilderInitial<''>;
  real: PgDoublePrecisionBuilderInitial<''>;
  bool: PgBooleanBuilderInitial<''>;
  uuid: PgUUIDBuilderInitial<''>;
  time: PgTimestampBuilderInitial<''>;
  json: PgJsonbBuilderInitial<''>;
}[K];

/** the value in the server's queries: a time is a Date (the JSON and the device have its ISO string) */
type ServerValue<T, K extends FieldKind> = K extends 'time' ? Date : NonNullable<T>;

type WithNotNull<B extends ColumnBuilderBase, T> = null extends T ? B : NotNull<B>;
type WithDefault<B extends ColumnBuilderBase, D extends boolean> = D extends true ? HasDefault<B> : B;

/** The drizzle column a field becomes, with its exact types. */
export type ColumnOf<F> =
  F extends Field<infer T, infer K, infer D, boolean>
    ? WithDefault<WithNotNull<$Type<BaseBuilder<K>, ServerValue<T, K>>, T>, D>
    : never;

export type ColumnsOf<F extends Fields> = { [C in keyof F]: ColumnOf<F[C]> };

/** the part of a drizzle column builder the mapper calls (each kind's builder has these) */
interface Builder {
  primaryKey(): Builder;
  notNull(): Builder;
  default(value: unknown): Builder;
}

const BUILDERS: Record<FieldKind, () => Builder> = {
  text: () => text(),
  int: () => integer(),
  money: () => bigint({ mode: 'number' }),
  real: () => doublePrecision(),
  bool: () => boolean(),
  uuid: () => uuid(),
  time: () => timestamp({ withTimezone: true, mode: 'date' }),
  json: () => jsonb(),
};

function column(f: AnyField): Builder {
  const { spec } = f;
  let c = BUILDERS[spec.kind]();
  if (spec.primaryKey) c = c.primaryKey();
  else if (!spec.nullable) c = c.notNull();
  // `now()` is what timestamp's defaultNow() writes
  if (spec.default === 'now') c = c.default(sql`now()`);
  else if (spec.default) c = c.default(spec.default.value);
  return c;
}

/** The drizzle columns of a model's fields, in the model's order. */
export function columnsOf<F extends Fields>(fields: F): ColumnsOf<F>;
export function columnsOf(fields: Fields): Record<string, Builder> {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, column(f)]));
}

/** A synced table of the model as the server's drizzle table, with the model's server indexes. */
export function syncedTable<const N extends string, F extends Fields>(model: TableModel<N, F, object>) {
  return pgTable(model.name, columnsOf(model.fields), (t) => {
    const columns: Record<string, ExtraConfigColumn> = t;
    return model.serverIndexes.map(({ name, on: [first, ...rest], unique }) =>
      (unique ? uniqueIndex : index)(name).on(columns[first], ...rest.map((c) => columns[c])),
    );
  });
}

type SyncedTable<M> = M extends TableModel<infer N, infer F, object> ? ReturnType<typeof syncedTable<N, F>> : never;

/** Every table of the model as a drizzle table, by entity name (the sync feed reads any of them by name). */
export function syncedTables<M extends Record<string, TableModel<string, Fields, object>>>(
  model: M,
): { [E in keyof M]: SyncedTable<M[E]> };
export function syncedTables(
  model: Record<string, TableModel<string, Fields, object>>,
): Record<string, ReturnType<typeof syncedTable>> {
  return Object.fromEntries(Object.entries(model).map(([name, m]) => [name, syncedTable(m)]));
}
