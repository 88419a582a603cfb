import fc from 'fast-check';
import type { SchemaDescription } from 'yup';
import { newId } from '../../src/domain/ids';
import { atLeast } from './present';

/**
 * Bodies generated from a yup schema's description (schema.describe()): a valid body, and the same body with one
 * field given a hostile value of its kind. Used by tests/api/fuzz-schema.test.ts on every route with a body schema.
 */

/** A described field: the parts of yup's description the generator reads (object fields, array items). */
export interface FieldDesc {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  oneOf?: unknown[];
  tests?: { name?: string; params?: Record<string, unknown> }[];
  fields?: Record<string, FieldDesc>;
  innerType?: FieldDesc;
}

/** yup's description types name their object fields and array items loosely; read them as FieldDesc. */
export function describeOf(description: SchemaDescription): FieldDesc {
  const d = description as SchemaDescription & {
    fields?: Record<string, SchemaDescription>;
    innerType?: SchemaDescription;
  };
  return {
    type: d.type,
    optional: d.optional,
    nullable: d.nullable,
    oneOf: d.oneOf,
    tests: d.tests,
    fields: d.fields && Object.fromEntries(Object.entries(d.fields).map(([k, v]) => [k, describeOf(v)])),
    innerType: d.innerType && describeOf(d.innerType),
  };
}

/** A field's path: object keys and array indexes, from the payload's root. */
export type Path = (string | number)[];

/** A valid value for a field whose rule the description cannot show (a pattern, a lookup): the caller knows it. */
export type Known = (path: Path) => unknown;

const param = (d: FieldDesc, test: string, key: string) =>
  d.tests?.find((t) => t.name === test)?.params?.[key] as number | undefined;

/** A value the description accepts; `known` answers first (ids of real rows, a contact number, a VIN). */
export function validValue(d: FieldDesc, path: Path, known: Known): unknown {
  const given = known(path);
  if (given !== undefined) return given;
  const choices = (d.oneOf ?? []).filter((v) => v !== undefined && v !== null);
  if (choices.length) return choices.at(-1);
  switch (d.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(d.fields ?? {})
          .map(
            ([k, f]) =>
              [
                k,
                f.optional === false || known([...path, k]) !== undefined
                  ? validValue(f, [...path, k], known)
                  : undefined,
              ] as const,
          )
          .filter(([, v]) => v !== undefined),
      );
    case 'array':
      return d.innerType ? [validValue(d.innerType, [...path, 0], known)] : [];
    case 'number': {
      const min = param(d, 'min', 'min') ?? 0;
      const max = param(d, 'max', 'max') ?? Math.max(min, 1);
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return false;
    case 'string': {
      if (d.tests?.some((t) => t.name === 'id')) return newId();
      return 'x'.repeat(Math.max(1, param(d, 'min', 'min') ?? 1));
    }
    default:
      return undefined;
  }
}

/** Every field's path with its description (leaves and containers alike: both get hostile values). */
export function fieldPaths(d: FieldDesc, path: Path = []): { path: Path; desc: FieldDesc }[] {
  const here = [{ path, desc: d }];
  if (d.type === 'object')
    return [
      ...(path.length ? here : []),
      ...Object.entries(d.fields ?? {}).flatMap(([k, f]) => fieldPaths(f, [...path, k])),
    ];
  if (d.type === 'array' && d.innerType) return [...here, ...fieldPaths(d.innerType, [...path, 0])];
  return here;
}

/** A copy of `root` with `value` at `path`, containers on the way made valid from the description. */
export function withValue(
  root: unknown,
  d: FieldDesc,
  path: Path,
  value: unknown,
  known: Known,
  at: Path = [],
): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = atLeast(path, 1);
  const child = d.type === 'object' ? d.fields?.[head as string] : d.innerType;
  if (!child) return root;
  const here = [...at, head];
  if (typeof head === 'number') {
    const list = Array.isArray(root) ? [...root] : [];
    list[head] = withValue(list[head] ?? validValue(child, here, known), child, rest, value, known, here);
    return list;
  }
  const obj = root && typeof root === 'object' ? { ...(root as Record<string, unknown>) } : {};
  obj[head] = withValue(obj[head] ?? validValue(child, here, known), child, rest, value, known, here);
  return obj;
}

/** The literal 2^53 + 1 (JSON.parse reads it as 2^53): put in a body as this marker, sent as the bare number. */
export const BIG_MARKER = '__2^53+1__';
export const toJson = (body: unknown) => JSON.stringify(body).replaceAll(`"${BIG_MARKER}"`, '9007199254740993');

const nested = (levels: number): unknown => (levels === 0 ? 'deep' : { a: nested(levels - 1) });
const WRONG_TYPES = [null, true, [], {}, [[['x']]], nested(40)];
const TEXT = [
  '\ud800',
  'a\udc00b',
  '\udbff\u0041',
  'x\u0000y',
  '\u0001\u0007\u001b\u007f',
  '\u200b\u200d\ufeff\u2060',
  '\u202eevil',
  '🚗'.repeat(50),
  '   ',
  '',
  '\r\n\t',
  "'; drop table customers; --",
  '<img src=x onerror=alert(1)>',
  'x'.repeat(200_000),
];
const NUMBERS = [
  1e308,
  -1e308,
  BIG_MARKER,
  Number.MAX_SAFE_INTEGER,
  -1,
  0,
  -0,
  0.5,
  10.5,
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '12abc',
  ' 7 ',
  '0x10',
];

/** Hostile values for a field of this kind, its own limits (max + 1, min - 1) included. */
export function hostileValues(d: FieldDesc): fc.Arbitrary<unknown> {
  const max = param(d, 'max', 'max');
  const min = param(d, 'min', 'min');
  const own: unknown[] = [];
  if (d.type === 'string' && max !== undefined) own.push('x'.repeat(max + 1), '\ud800'.repeat(Math.min(max, 50)));
  if (d.type === 'number' && max !== undefined) own.push(max + 1, max + 0.5);
  if (d.type === 'number' && min !== undefined) own.push(min - 1);
  if (d.type === 'array')
    own.push(
      Array.from({ length: (max ?? 600) + 1 }, () => 'x'),
      ['\ud800'],
      [1e308],
    );
  const kind =
    d.type === 'number' ? NUMBERS : d.type === 'string' ? TEXT : [...TEXT.slice(0, 5), ...NUMBERS.slice(0, 4)];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...own, ...kind) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...WRONG_TYPES, ...(d.type === 'number' ? TEXT.slice(0, 3) : NUMBERS.slice(0, 3))),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
}
