import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decisionLine, recordLabel, shownValue } from '../../src/domain/decisions';
import { changedFields, decideFields, deviceOfLine, sameValue, withDevice } from '../../src/domain/fieldChanges';

const RUNS = Number(process.env.BAYBOOK_PROPERTY_RUNS) || 200;

describe('decideFields: a field lands only while nobody changed it since (issue 14)', () => {
  const row = {
    note: 'desk note',
    contact: '876',
    discount: 5,
    service: ['Oil'],
    updated_at: new Date('2026-01-01T10:00:00Z'),
  };

  it('applies a field whose base still holds, keeps a field someone changed as a conflict, lands the rest', () => {
    const d = decideFields(row, {
      changes: { note: 'bay note', contact: '999' },
      base: { note: 'old note', contact: '876' },
    });
    expect(d.apply).toEqual({ contact: '999' });
    expect(d.conflicts).toEqual([
      { field: 'note', mine: 'bay note', base: 'old note', theirs: 'desk note', reason: 'changed' },
    ]);
  });

  it('the same value on both sides is neither written nor a conflict', () => {
    expect(decideFields(row, { changes: { note: 'desk note' }, base: { note: 'x' } })).toEqual({
      apply: {},
      conflicts: [],
    });
  });

  it('a deleted record: every field is a conflict with nothing there; a closed one keeps what is there', () => {
    expect(decideFields(null, { changes: { note: 'n' }, base: { note: '' } }).conflicts).toEqual([
      { field: 'note', mine: 'n', base: '', theirs: null, reason: 'deleted' },
    ]);
    expect(decideFields(row, { changes: { contact: '1' }, base: { contact: '876' } }, true).conflicts).toMatchObject([
      { field: 'contact', theirs: '876', reason: 'blocked' },
    ]);
  });

  it('compares as both sides hold values: a Date as ISO text, null as missing, arrays by content', () => {
    expect(sameValue(row.updated_at, '2026-01-01T10:00:00.000Z')).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(['Oil'], ['Oil'])).toBe(true);
    expect(sameValue(['Oil'], ['Brakes'])).toBe(false);
    expect(decideFields(row, { changes: { service: ['Brakes'] }, base: { service: ['Oil'] } }).apply).toEqual({
      service: ['Brakes'],
    });
  });

  it('changedFields sends only what differs, each with the row value it was based on', () => {
    expect(changedFields(row, { note: 'desk note', contact: '1', discount: undefined })).toEqual({
      changes: { contact: '1' },
      base: { contact: '876' },
    });
    expect(changedFields(row, { note: 'desk note' })).toEqual({ changes: {}, base: {} });
  });

  it('property: a field is applied, a conflict, or already so — never written over a value it was not based on', () => {
    const value = fc.constantFrom('a', 'b', 'c', '');
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('x', 'y', 'z'), value),
        fc.dictionary(fc.constantFrom('x', 'y', 'z'), fc.tuple(value, value)),
        (current, edits) => {
          const changes = Object.fromEntries(Object.entries(edits).map(([f, [mine]]) => [f, mine]));
          const base = Object.fromEntries(Object.entries(edits).map(([f, [, b]]) => [f, b]));
          const d = decideFields(current, { changes, base });
          for (const f of Object.keys(edits)) {
            const applied = f in d.apply;
            const conflicted = d.conflicts.some((c) => c.field === f);
            const already = sameValue(current[f], changes[f]);
            expect([applied, conflicted, already].filter(Boolean)).toHaveLength(1);
            if (applied) expect(sameValue(current[f], base[f])).toBe(true);
            if (conflicted)
              expect(d.conflicts.find((c) => c.field === f)).toMatchObject({
                mine: changes[f],
                theirs: current[f] ?? undefined,
              });
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('conflict words', () => {
  it('names the device in the log line and reads it back', () => {
    expect(deviceOfLine(withDevice('service note: x', 'D1'))).toBe('D1');
    expect(deviceOfLine('service note: x')).toBe('');
    expect(withDevice('edited note', undefined)).toBe('edited note');
  });

  it('names records and decisions as a person reads them', () => {
    expect(recordLabel('jobs', { number: 'D1-1', registration: 'ABC 123' })).toBe('Job #D1-1 (ABC 123)');
    expect(recordLabel('customers', { first_name: 'Ann', last_name: 'Lee', registration: 'ABC 123' })).toBe(
      'Ann Lee (ABC 123)',
    );
    expect(shownValue('')).toBe('(empty)');
    expect(decisionLine({ field: 'Service note', choice: 'theirs', mine: 'bay', theirs: 'desk' })).toBe(
      'Service note conflict decided on a device: kept "desk", dropped "bay"',
    );
    expect(decisionLine({ field: 'Note', choice: 'edited', mine: 'bay', theirs: 'desk', value: 'both' })).toBe(
      'Note conflict decided on a device: sent "both" over "desk"',
    );
    // a booking's instants in the shop's zone, as the list showed them (issue 14)
    const booking = { field: 'Booking start', choice: 'mine' as const, time: true };
    expect(
      decisionLine(
        { ...booking, mine: '2025-03-10T14:00:00.000Z', theirs: '2025-03-10T15:30:00.000Z' },
        'America/Jamaica',
      ),
    ).toBe('Booking start conflict decided on a device: sent "Mar 10 2025, 9:00 AM" over "Mar 10 2025, 10:30 AM"');
  });
});
