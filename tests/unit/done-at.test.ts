import { describe, expect, it } from 'vitest';
import { deviceDoneAt } from '../../src/domain/doneAt';
import { syncedNote } from '../../src/domain/logs';
import { CLOCK_SKEW_MS } from '../../src/domain/writes/clockMend';

const now = new Date('2026-03-05T06:12:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;

/** Issue 30: when a change pushed from a device's outbox was done, as the server records it on the activity log. */
describe('the time a pushed change was done (src/domain/doneAt.ts)', () => {
  it('takes the device time of a clock that agrees with the server', () => {
    expect(deviceDoneAt({ done: ago(5 * MIN), sent: ago(0) }, now)?.toISOString()).toBe(ago(5 * MIN));
    // a few seconds on the wire do not move it
    expect(deviceDoneAt({ done: ago(5 * MIN), sent: ago(4000) }, now)?.toISOString()).toBe(ago(5 * MIN));
  });

  it("moves the time of a clock that is set wrong by as much as it is off the server's", () => {
    // the tablet's clock is an hour behind: made "an hour and five minutes ago" by it, sent "an hour ago" by it
    const behind = { done: ago(65 * MIN), sent: ago(60 * MIN) };
    expect(deviceDoneAt(behind, now)?.toISOString()).toBe(ago(5 * MIN));
    // an hour ahead
    const ahead = { done: ago(-55 * MIN), sent: ago(-60 * MIN) };
    expect(deviceDoneAt(ahead, now)?.toISOString()).toBe(ago(5 * MIN));
  });

  it('is never after the server received it: a little ahead is now, further is no time at all', () => {
    expect(deviceDoneAt({ done: ago(-MIN), sent: ago(-MIN) }, now)?.toISOString()).toBe(now.toISOString());
    // the clock went back after the entry was made: made "later" than it was sent
    expect(deviceDoneAt({ done: ago(-CLOCK_SKEW_MS - 1000), sent: ago(0) }, now)).toBeNull();
    expect(deviceDoneAt({ done: ago(-CLOCK_SKEW_MS - 1000) }, now)).toBeNull();
  });

  it('is never before the member who made it was added, and none without a time', () => {
    const added = new Date(ago(30 * MIN));
    expect(deviceDoneAt({ done: ago(20 * MIN), sent: ago(0) }, now, added)?.toISOString()).toBe(ago(20 * MIN));
    expect(deviceDoneAt({ done: ago(40 * MIN), sent: ago(0) }, now, added)).toBeNull();
    expect(deviceDoneAt({ done: '1970-01-01T00:00:00.000Z', sent: ago(0) }, now, added)).toBeNull();
    expect(deviceDoneAt({}, now)).toBeNull();
    expect(deviceDoneAt({ done: 'yesterday', sent: ago(0) }, now)).toBeNull();
  });
});

describe("the Activity Log's 'synced' note (src/domain/logs.ts)", () => {
  const tz = 'America/Jamaica';
  it('says when the server received a line done more than a minute earlier, with the date on another day', () => {
    // 06:12 UTC is 01:12 in Jamaica
    expect(syncedNote({ created_at: now.toISOString(), done_at: ago(5 * MIN) }, tz)).toBe('synced 01:12');
    expect(syncedNote({ created_at: now.toISOString(), done_at: ago(26 * 60 * MIN) }, tz)).toBe(
      'synced 2026-03-05 01:12',
    );
  });

  it('says nothing for a line that synced as it was done, or without a device time', () => {
    expect(syncedNote({ created_at: now.toISOString(), done_at: ago(MIN) }, tz)).toBe('');
    expect(syncedNote({ created_at: now.toISOString(), done_at: '' }, tz)).toBe('');
    expect(syncedNote({ created_at: now.toISOString() }, tz)).toBe('');
  });
});
