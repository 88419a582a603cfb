import { v7 as uuidv7, validate } from 'uuid';

/** Every row gets its id where it is created (device or server), time-ordered so indexes stay append-friendly. */
export function newId(): string {
  return uuidv7();
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && validate(value);
}
