import { CONFIG_NAMES, type Settings } from './configSheet';
import { fill } from './messages';

/**
 * Quick switch on a shared bay tablet (issue 18, beyond SPEC): each member signs in once with their password, then
 * a PIN set on this device switches the tablet back to their own session. The PIN is a lock on the device, never a
 * credential: it is kept hashed on the device only and never sent. These are its rules, for the PIN store
 * (src/local/pins.ts), the switch (src/sync/quickSwitch.ts) and the screens (src/app/session).
 */

/** Wrong PINs in a row after which the PIN is forgotten and the member signs in with the password again. */
export const PIN_TRIES = 5;

const PIN_FORMAT = /^\d{4,6}$/;

/** The words for a PIN that is not 4 to 6 digits, or null when it is one. */
export function pinFormatError(pin: string): string | null {
  return PIN_FORMAT.test(pin) ? null : QUICK_SWITCH_WORDS.pinFormat;
}

/**
 * Milliseconds of idleness before a shared tablet locks: the shop's Config setting `lock_idle_minutes` (shop-wide, as
 * every setting is), acting only on a device where quick switch is in use (`pinsHere`: the members with a PIN on
 * it), so the desk PC where nobody set one never locks. 0 = never: the default, and any value that is not > 0.
 */
export function idleLockMs(settings: Settings, pinsHere: number): number {
  const v = settings[CONFIG_NAMES.lockIdleMinutes];
  return pinsHere > 0 && typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v * 60_000) : 0;
}

/** Beyond SPEC, so in BayBook's own words. */
export const QUICK_SWITCH_WORDS = {
  pinFormat: 'A PIN is 4 to 6 digits',
  pinRepeat: 'The two PINs are not the same',
  pinWrong: 'Wrong PIN: {left} more tries, then the password is needed',
  pinForgotten: 'Too many wrong PINs: the PIN is forgotten. Sign in with your password',
  pinNone: 'No PIN on this device for {username}: sign in with your password',
  sessionEnded: 'The session of {username} has ended: sign in with your password',
  pinSet: 'PIN set on this device',
  pinForgottenByYou: 'PIN forgotten on this device',
} as const;

/** The words for a wrong PIN, with the tries left. */
export const wrongPinWords = (left: number) => fill(QUICK_SWITCH_WORDS.pinWrong, { left });
