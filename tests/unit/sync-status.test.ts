import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/sync/outbox';
import { catchingUp, INITIAL_STATUS, lastSyncText, serverTroubleMessage } from '../../src/sync/status';

describe('the last sync as the shell shows it', () => {
  // 22:00 on March 4th in Jamaica (UTC-5) is already March 5th in UTC
  const now = new Date('2024-03-05T03:00:00Z');

  it("shows only the time when it was on the shop's today, in the shop's time zone", () => {
    expect(lastSyncText('2024-03-04T20:04:00Z', now, 'America/Jamaica')).toBe('Synced 3:04 PM');
    // the same instants read in UTC are two different days
    expect(lastSyncText('2024-03-04T20:04:00Z', now, 'UTC')).toBe('Synced Mar 4, 8:04 PM');
  });

  it('shows the date of a sync on another day, and the year when it was another year', () => {
    expect(lastSyncText('2024-03-04T04:30:00Z', now, 'America/Jamaica')).toBe('Synced Mar 3, 11:30 PM');
    expect(lastSyncText('2023-12-31T15:00:00Z', now, 'America/Jamaica')).toBe('Synced Dec 31 2023, 10:00 AM');
    expect(lastSyncText('not a date', now)).toBe('Synced at an unknown time');
  });
});

describe('a server that keeps failing', () => {
  it('says nothing for one failure, then that the server keeps failing and the changes are kept', () => {
    const lastError = 'Server error 502: Request failed with status 502';
    expect(serverTroubleMessage({ ...INITIAL_STATUS, serverErrors: 1, lastError }, 3)).toBeNull();
    expect(serverTroubleMessage({ ...INITIAL_STATUS, serverErrors: 2, lastError }, 3)).toBe(
      'The server keeps failing (Server error 502: Request failed with status 502). 3 changes are kept on this device and will be sent when it recovers.',
    );
    expect(serverTroubleMessage({ ...INITIAL_STATUS, serverErrors: 40, lastError }, 1)).toMatch(
      /1 change is kept on this device/,
    );
    expect(serverTroubleMessage({ ...INITIAL_STATUS, serverErrors: 5, lastError: '' }, 0)).toBe(
      'The server keeps failing. Nothing is waiting to be sent.',
    );
  });

  it('backs off exponentially with jitter up to a 5-minute cap, however many attempts', () => {
    expect(backoffMs(1, () => 1)).toBe(1000);
    expect(backoffMs(1, () => 0)).toBe(500);
    expect(backoffMs(4, () => 1)).toBe(8000);
    expect(backoffMs(100, () => 1)).toBe(300_000);
    expect(backoffMs(100, () => 0)).toBe(150_000);
  });
});

describe('a pull catching up (screens calm while it runs)', () => {
  it('is a pull with pages still to come, not a routine pull of one page nor its last page', () => {
    expect(catchingUp(null)).toBe(false);
    expect(catchingUp({ applied: 1000, estimated: 168_500, fraction: 0.006, first: true })).toBe(true);
    // more pages, their number not yet known
    expect(catchingUp({ applied: 1000, estimated: null, fraction: null, first: false })).toBe(true);
    // a routine pull's one page (another device's change heard live), and the last page of a first sync
    expect(catchingUp({ applied: 3, estimated: 3, fraction: 1, first: false })).toBe(false);
    expect(catchingUp({ applied: 168_500, estimated: 168_500, fraction: 1, first: true })).toBe(false);
  });
});
