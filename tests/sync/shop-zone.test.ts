import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, shopTimeZone as serverZone } from '../../src/domain/dates';
import { planBooking } from '../../src/domain/writes/jobs';
import { openLocalDb } from '../../src/local/db';
import { shopTimeZone } from '../../src/local/rows';
import { dbName } from './helpers';

/**
 * The device reads the shop's time zone by the rule the server reads it by (src/domain/dates.ts shopTimeZone): a
 * setting typed with spaces is trimmed, and a zone the runtime does not know falls back to the default — so a
 * booking, a day's counters and a log line are in the same zone on both sides.
 */
const stamps = { version: 1, created_at: '2026-03-01T12:00:00.000Z', updated_at: '2026-03-01T12:00:00.000Z' };

describe("the device's shop time zone", () => {
  const stored = async (description: string | null) => {
    const db = openLocalDb(dbName('shop-zone'));
    if (description !== null)
      await db.config.put({ id: 'tz', name: 'time_zone', title: 'Time zone', description, amount: null, ...stamps });
    return shopTimeZone(db);
  };

  it.each([
    ['a known zone', 'Asia/Tokyo'],
    ['a zone typed with spaces', '  Asia/Tokyo '],
    ['a zone this runtime does not know', 'Europe/Nowhere'],
    ['an empty setting', ''],
  ])('%s: the zone the server reads', async (_what, description) => {
    expect(await stored(description)).toBe(serverZone(description));
  });

  it('no setting at all: the default', async () => {
    expect(await stored(null)).toBe(DEFAULT_TIME_ZONE);
  });

  it('a booking planned on a device whose setting names an unknown zone lands as on the server', async () => {
    const job = {
      number: 'A1-1',
      registration: 'AB 123',
      status: 'received',
      technician: '',
      active_at: null,
      mileage: 1000,
      service: ['Oil change'],
      book_start: null,
      book_end: null,
    };
    const times = { book_start: '2099-03-10 09:00', book_end: '2099-03-10 10:00' };
    const now = new Date('2026-03-01T12:00:00Z');
    const device = planBooking(job, times, { now, tz: await stored('Europe/Nowhere') });
    const server = planBooking(job, times, { now, tz: serverZone('Europe/Nowhere') });
    expect(device).toEqual(server);
    expect(device.ok).toBe(true);
  });
});
