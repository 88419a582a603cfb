import { PIN_TRIES, pinFormatError } from '../domain/quickSwitch';
import { getMeta, setMeta, type BayBookDB } from './db';
import { LocalWriteError } from './write';

/**
 * The quick-switch PINs of this device (issue 18): one per member who set one here, kept in the device's `meta`
 * table under 'pins' — never synced, never sent, never a credential the server accepts. A PIN is stored only as a
 * PBKDF2-SHA-256 hash (WebCrypto) with a random salt per PIN and its iteration count, so a stolen tablet's database
 * does not show the PINs outright (at 4–6 digits a hash is a speed bump, not a vault: docs/ARCHITECTURE.md).
 * PIN_TRIES wrong PINs in a row forget the PIN: the member signs in with the password again.
 */

export interface PinRecord {
  username: string;
  /** base64 of 16 random bytes */
  salt: string;
  /** base64 of PBKDF2-SHA-256(pin, salt, iterations), 32 bytes */
  hash: string;
  iterations: number;
  /** wrong PINs in a row since the last right one */
  wrong: number;
  setAt: string;
}

/** What a PIN typed on the lock screen comes to. */
export type PinCheck =
  | { result: 'ok' }
  | { result: 'wrong'; left: number }
  /** that was the last try: the PIN is gone */
  | { result: 'forgotten' }
  /** no PIN for this member on this device (never set, or forgotten meanwhile) */
  | { result: 'none' };

/** OWASP's figure for PBKDF2-SHA-256 (2023); each record keeps its own, so a later raise leaves old PINs working. */
export const PIN_ITERATIONS = 600_000;
const KEY = 'pins';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** PBKDF2-SHA-256 of the PIN, 256 bits, base64. */
export async function hashPin(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toBase64(new Uint8Array(bits));
}

/** Equal strings, compared without stopping at the first difference. */
function sameHash(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

const readPins = (db: BayBookDB) => getMeta<Record<string, PinRecord>>(db, KEY, {});

/** Read-modify-write of the PINs in one transaction (two tabs never lose each other's change). */
function changePins<T>(db: BayBookDB, fn: (pins: Record<string, PinRecord>) => T): Promise<T> {
  return db.transaction('rw', db.meta, async () => {
    const pins = await readPins(db);
    const out = fn(pins);
    await setMeta(db, KEY, pins);
    return out;
  });
}

/** The PIN store of one device database. `iterations` is for tests only (the default is PIN_ITERATIONS). */
export function pinStore(db: BayBookDB, { iterations = PIN_ITERATIONS } = {}) {
  return {
    /** The members who can switch to themselves on this device, by name. */
    async members(): Promise<string[]> {
      return Object.keys(await readPins(db)).sort((a, b) => a.localeCompare(b));
    },

    async has(username: string): Promise<boolean> {
      return username in (await readPins(db));
    },

    /** Sets (or replaces) the member's PIN; refuses one that is not 4 to 6 digits. */
    async set(username: string, pin: string): Promise<void> {
      const bad = pinFormatError(pin);
      if (bad) throw new LocalWriteError(bad);
      const salt = crypto.getRandomValues(new Uint8Array(16));
      // hashed before the transaction: an await on WebCrypto inside it would commit it
      const hash = await hashPin(pin, salt, iterations);
      const record: PinRecord = {
        username,
        salt: toBase64(salt),
        hash,
        iterations,
        wrong: 0,
        setAt: new Date().toISOString(),
      };
      await changePins(db, (pins) => void (pins[username] = record));
    },

    /** Checks a PIN: a right one clears the wrong count, a wrong one adds to it, the PIN_TRIES-th forgets the PIN. */
    async verify(username: string, pin: string): Promise<PinCheck> {
      const stored = (await readPins(db))[username];
      if (!stored) return { result: 'none' };
      const hash = await hashPin(pin, fromBase64(stored.salt), stored.iterations);
      return changePins(db, (pins): PinCheck => {
        const now = pins[username];
        // forgotten or set anew while this one was being hashed: it was checked against a PIN no longer there
        if (!now || now.salt !== stored.salt) return { result: 'none' };
        if (sameHash(hash, now.hash)) {
          now.wrong = 0;
          return { result: 'ok' };
        }
        now.wrong += 1;
        if (now.wrong >= PIN_TRIES) {
          delete pins[username];
          return { result: 'forgotten' };
        }
        return { result: 'wrong', left: PIN_TRIES - now.wrong };
      });
    },

    async forget(username: string): Promise<void> {
      await changePins(db, (pins) => void delete pins[username]);
    },
  };
}

export type PinStore = ReturnType<typeof pinStore>;
