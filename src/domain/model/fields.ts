import type { Cents } from '../money';

/**
 * The column language of the entity model (src/domain/model): what a synced table's field holds, written once and
 * read by the server's tables (src/server/db/model.ts builds drizzle columns from it), the sync feed, and the
 * device's row types. No runtime dependency: the domain stays importable by the device, the server and the tests.
 *
 * Each kind has one database type and one JSON type (what the feed sends and the device stores):
 * text → text, int → integer, money → bigint of integer cents read as a JS number, real → double precision,
 * bool → boolean, uuid → uuid, time → timestamptz (a Date on the server, an ISO string on the device),
 * json → jsonb. A field is NOT NULL unless `.nullable()`.
 */
export type FieldKind = 'text' | 'int' | 'money' | 'real' | 'bool' | 'uuid' | 'time' | 'json';

export interface FieldSpec {
  readonly kind: FieldKind;
  readonly nullable: boolean;
  readonly primaryKey: boolean;
  /** kept by the server and never sent to a device (SERVER_ONLY_COLUMNS of the feed) */
  readonly serverOnly: boolean;
  /** the database's default for the column: a constant, or the time of the insert */
  readonly default?: { readonly value: unknown } | 'now';
  /**
   * the most characters a write may put in a text field (issue 19's bounds, schemas/fields.ts LIMITS): the write's
   * input schema reads it (`modelText`), so the limit is written here once; the column stays `text`
   */
  readonly maxLength?: number;
  /** the least and the most a write may put in a number field (`.range()`), read by the input schema (`modelNumber`) */
  readonly range?: { readonly min: number; readonly max: number };
}

type EmptyJson = readonly never[] | Record<string, never>;

/**
 * A field: its spec at run time, and at the type level `T` (the value as JSON, null included when nullable), its
 * kind, and whether it has a default (`D`: optional when inserting) or stays on the server (`S`).
 */
export class Field<T, K extends FieldKind = FieldKind, D extends boolean = boolean, S extends boolean = boolean> {
  /** the JSON value type, for the type-level mappers (never set at run time) */
  declare readonly json: T;
  declare readonly kindType: K;
  declare readonly hasDefault: D;
  declare readonly isServerOnly: S;

  constructor(readonly spec: FieldSpec) {}

  nullable(): Field<T | null, K, D, S> {
    return new Field({ ...this.spec, nullable: true });
  }

  /** a json field may default to an empty list or object (what the database holds for a row inserted without it) */
  default(value: K extends 'json' ? T | EmptyJson : T): Field<T, K, true, S> {
    return new Field({ ...this.spec, default: { value } });
  }

  /** a time set by the database when the row is inserted */
  defaultNow(this: Field<T, 'time', D, S>): Field<T, K, true, S> {
    return new Field({ ...this.spec, default: 'now' });
  }

  primaryKey(): Field<T, K, D, S> {
    return new Field({ ...this.spec, primaryKey: true });
  }

  /** at most `n` characters in a write's input (`spec.maxLength`) */
  max(this: Field<T, 'text', D, S>, n: number): Field<T, K, D, S> {
    return new Field({ ...this.spec, maxLength: n });
  }

  /** from `min` to `max` in a write's input (`spec.range`) */
  range(this: Field<T, 'int' | 'real' | 'money', D, S>, min: number, max: number): Field<T, K, D, S> {
    return new Field({ ...this.spec, range: { min, max } });
  }

  serverOnly(): Field<T, K, D, true> {
    return new Field({ ...this.spec, serverOnly: true });
  }
}

/** any field (its methods take `T` as methods do, so every field is one of these) */
export type AnyField = Field<unknown, FieldKind, boolean, boolean>;

/** A text field's `.max()`: what a write's input and a screen's `maxLength` read; a field without one is a bug. */
export function textMax(field: { spec: FieldSpec }): number {
  const max = field.spec.maxLength;
  if (max === undefined) throw new Error(`a ${field.spec.kind} field without .max() bounds no input`);
  return max;
}

/** A number field's `.range()`: what a write's input reads; a field without one is a bug. */
export function numberRange(field: { spec: FieldSpec }): { min: number; max: number } {
  const range = field.spec.range;
  if (range === undefined) throw new Error(`a ${field.spec.kind} field without .range() bounds no input`);
  return range;
}

function field<T, K extends FieldKind>(kind: K): Field<T, K, false, false> {
  return new Field({ kind, nullable: false, primaryKey: false, serverOnly: false });
}

/** text; `T` narrows it to a union of words the domain knows (a status, a method) */
export const text = <T extends string = string>() => field<T, 'text'>('text');
export const int = <T extends number = number>() => field<T, 'int'>('int');
/** integer cents (bigint on the server: safe to 2^53 cents) */
export const money = () => field<Cents, 'money'>('money');
export const real = () => field<number, 'real'>('real');
export const bool = () => field<boolean, 'bool'>('bool');
export const uuid = () => field<string, 'uuid'>('uuid');
/** timestamptz: an ISO string in JSON and on the device, a Date in the server's queries */
export const time = () => field<string, 'time'>('time');
export const json = <T>() => field<T, 'json'>('json');

/** `created_at`, `updated_at`, `version`: every synced table that can be edited carries them (DESIGN.md's pull). */
export const stamps = {
  created_at: time().defaultNow(),
  updated_at: time().defaultNow(),
  version: int().default(1),
};
