/**
 * What a test reads back and expects to be there (noUncheckedIndexedAccess, issue 31): a list's element or a map's
 * entry, or a failure that says what was missing — instead of a TypeError a line later, or a `!` that hides it.
 */

/** The element at `index` (a negative index counts from the end, as `Array.prototype.at`). */
export function nth<T>(list: ArrayLike<T>, index: number): T {
  const item = list[index < 0 ? list.length + index : index];
  if (item === undefined) throw new Error(`Expected an element at index ${index}, but the list has ${list.length}`);
  return item;
}

/** `value`, which the test expects to be there; `what` names it in the failure. */
export function known<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Expected ${what} to be there, but it is undefined`);
  return value;
}

type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;

/** `list` itself, once its first `count` elements are there: `const [a, b] = atLeast(list, 2)`, `[c, ...more]` too. */
export function atLeast<T, N extends number>(list: readonly T[], count: N): [...Tuple<T, N>, ...T[]] {
  for (let i = 0; i < count; i++) nth(list, i);
  return list as [...Tuple<T, N>, ...T[]];
}
