import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PIN_TRIES, QUICK_SWITCH_WORDS, idleLockMs, pinFormatError, wrongPinWords } from '../../src/domain/quickSwitch';
import { getMeta, openLocalDb } from '../../src/local/db';
import { PIN_ITERATIONS, hashPin, pinStore, type PinRecord } from '../../src/local/pins';
import { LocalWriteError } from '../../src/local/write';
import { known } from '../helpers/present';

let n = 0;
const freshDb = () => openLocalDb(`pins-${++n}-${Math.random().toString(36).slice(2)}`);
// a low iteration count keeps the suite fast; one test below runs the real default once
const storeOf = (db = freshDb()) => ({ db, pins: pinStore(db, { iterations: 1_000 }) });
const stored = async (db: ReturnType<typeof freshDb>) => getMeta<Record<string, PinRecord>>(db, 'pins', {});

describe('the PIN rules (issue 18: quick switch on a shared tablet)', () => {
  it('a PIN is 4 to 6 digits, nothing else', () => {
    for (const ok of ['0000', '12345', '987654']) expect(pinFormatError(ok), ok).toBeNull();
    for (const bad of ['', '123', '1234567', '12a4', ' 1234', '１２３４', '12.4'])
      expect(pinFormatError(bad), bad).toBe(QUICK_SWITCH_WORDS.pinFormat);
  });

  it('the idle lock is off unless the setting is a positive number of minutes and someone set a PIN here', () => {
    expect(idleLockMs({}, 1)).toBe(0);
    expect(idleLockMs({ lock_idle_minutes: 0 }, 1)).toBe(0);
    expect(idleLockMs({ lock_idle_minutes: -5 }, 1)).toBe(0);
    expect(idleLockMs({ lock_idle_minutes: 'five' }, 1)).toBe(0);
    expect(idleLockMs({ lock_idle_minutes: 5 }, 1)).toBe(300_000);
    expect(idleLockMs({ lock_idle_minutes: 0.5 }, 2)).toBe(30_000);
    // the desk PC, where nobody set a PIN, never locks whatever the shop's setting
    expect(idleLockMs({ lock_idle_minutes: 5 }, 0)).toBe(0);
  });

  it('says how many tries are left', () => {
    expect(wrongPinWords(2)).toBe('Wrong PIN: 2 more tries, then the password is needed');
  });
});

describe('the PIN store', () => {
  it('keeps a salted PBKDF2 hash, never the PIN, at the default strength', async () => {
    const db = freshDb();
    await pinStore(db).set('kim', '4821');
    const rec = known((await stored(db)).kim, "kim's PIN record");
    expect(rec.iterations).toBe(PIN_ITERATIONS);
    expect(JSON.stringify(rec)).not.toContain('4821');
    expect(rec.hash).toBe(
      await hashPin(
        '4821',
        Uint8Array.from(atob(rec.salt), (c) => c.charCodeAt(0)),
        PIN_ITERATIONS,
      ),
    );
    expect(atob(rec.hash)).toHaveLength(32);
    expect(atob(rec.salt)).toHaveLength(16);
    expect(await pinStore(db).verify('kim', '4821')).toEqual({ result: 'ok' });
  });

  it('salts each PIN: the same PIN of two members hashes differently', async () => {
    const { db, pins } = storeOf();
    await pins.set('kim', '1111');
    await pins.set('lee', '1111');
    const all = await stored(db);
    const [kim, lee] = [known(all.kim, "kim's PIN record"), known(all.lee, "lee's PIN record")];
    expect(kim.salt).not.toBe(lee.salt);
    expect(kim.hash).not.toBe(lee.hash);
    expect(await pins.members()).toEqual(['kim', 'lee']);
  });

  it('refuses a PIN that is not 4 to 6 digits, storing nothing', async () => {
    const { db, pins } = storeOf();
    await expect(pins.set('kim', '12')).rejects.toThrow(new LocalWriteError(QUICK_SWITCH_WORDS.pinFormat));
    expect(await stored(db)).toEqual({});
  });

  it('a right PIN clears the wrong count; wrong ones count down', async () => {
    const { db, pins } = storeOf();
    await pins.set('kim', '2468');
    expect(await pins.verify('kim', '1357')).toEqual({ result: 'wrong', left: PIN_TRIES - 1 });
    expect(await pins.verify('kim', '1357')).toEqual({ result: 'wrong', left: PIN_TRIES - 2 });
    expect(known((await stored(db)).kim, "kim's PIN record").wrong).toBe(2);
    expect(await pins.verify('kim', '2468')).toEqual({ result: 'ok' });
    expect(known((await stored(db)).kim, "kim's PIN record").wrong).toBe(0);
  });

  it(`forgets the PIN at the ${PIN_TRIES}th wrong one in a row, even the right one after it is refused`, async () => {
    const { db, pins } = storeOf();
    await pins.set('kim', '2468');
    await pins.set('lee', '1111');
    for (let i = 1; i < PIN_TRIES; i++) expect((await pins.verify('kim', '0000')).result).toBe('wrong');
    expect(await pins.verify('kim', '0000')).toEqual({ result: 'forgotten' });
    expect(await pins.verify('kim', '2468')).toEqual({ result: 'none' });
    expect(await pins.members()).toEqual(['lee']);
    // the count is kept on the device: a reload does not give new tries
    expect(Object.keys(await stored(db))).toEqual(['lee']);
  });

  it('counts wrong tries across store objects (a reload, another tab)', async () => {
    const { db, pins } = storeOf();
    await pins.set('kim', '2468');
    for (let i = 1; i < PIN_TRIES; i++) await pinStore(db, { iterations: 1_000 }).verify('kim', '9999');
    expect(await pins.verify('kim', '9999')).toEqual({ result: 'forgotten' });
  });

  it('a new PIN replaces the old one and its wrong count; forget removes it', async () => {
    const { pins } = storeOf();
    await pins.set('kim', '2468');
    await pins.verify('kim', '0000');
    await pins.set('kim', '135790');
    expect(await pins.verify('kim', '2468')).toEqual({ result: 'wrong', left: PIN_TRIES - 1 });
    expect(await pins.verify('kim', '135790')).toEqual({ result: 'ok' });
    await pins.forget('kim');
    expect(await pins.has('kim')).toBe(false);
    expect(await pins.verify('kim', '135790')).toEqual({ result: 'none' });
  });
});
