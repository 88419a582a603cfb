import { fill } from '../domain/messages';
import { QUICK_SWITCH_WORDS, wrongPinWords } from '../domain/quickSwitch';
import type { BayBookDB } from '../local/db';
import { pinStore, type PinStore } from '../local/pins';
import type { SyncEngine } from './engineTypes';
import { decodeToken } from './tokenClaims';
import { validToken } from './tokens';

/**
 * Quick switch on a shared tablet (issue 18): a tap on a name and the member's PIN make the device theirs again —
 * with the token their own password sign-in left on this device (src/sync/tokens.ts), so every change they make is
 * recorded under their name and replayed with their token, as after a sign-in. The PIN opens nothing by itself: no
 * usable token (expired, or refused by the server) means the password, whatever the PIN.
 */

export interface SwitchedUser {
  username: string;
  permission: number;
  token: string;
}

export type SwitchOutcome =
  | { kind: 'switched'; user: SwitchedUser }
  /** a wrong PIN, with the tries left */
  | { kind: 'wrong'; message: string }
  /** the password is needed: the session ended, or the PIN was forgotten (too many wrong ones) or is not set */
  | { kind: 'password'; message: string };

/** The words when a member's session on this device has ended (null while it is usable: the PIN will do). */
export async function sessionEnded(db: BayBookDB, username: string): Promise<string | null> {
  return (await validToken(db, username)) ? null : fill(QUICK_SWITCH_WORDS.sessionEnded, { username });
}

/** Checks the member's PIN and, when right, signs the device in as them (the engine's signIn, as after a login). */
export async function switchMember(
  engine: Pick<SyncEngine, 'db' | 'signIn'>,
  username: string,
  pin: string,
  store: PinStore = pinStore(engine.db),
): Promise<SwitchOutcome> {
  const token = await validToken(engine.db, username);
  if (!token) return { kind: 'password', message: fill(QUICK_SWITCH_WORDS.sessionEnded, { username }) };
  const check = await store.verify(username, pin);
  if (check.result === 'wrong') return { kind: 'wrong', message: wrongPinWords(check.left) };
  if (check.result === 'forgotten') return { kind: 'password', message: QUICK_SWITCH_WORDS.pinForgotten };
  if (check.result === 'none') return { kind: 'password', message: fill(QUICK_SWITCH_WORDS.pinNone, { username }) };
  const permission = decodeToken(token)?.permission;
  const user = { username, permission: typeof permission === 'number' ? permission : 1, token };
  await engine.signIn(user);
  return { kind: 'switched', user };
}
