import { describe, expect, it } from 'vitest';
import { decodeVin, vinYear } from '../../src/domain/vin';

/** A 17-character VIN with the given position 7 and position 10 (positions counted from 1). */
const vinWith = (p7: string, p10: string) => `1FALP5${p7}U5${p10}A123456`;
const NOW = new Date('2026-06-01T00:00:00Z');

describe('VIN model year (position 10, told apart by position 7)', () => {
  it('reads a 1995 car (S at 10, digit at 7) as 1995, not 2025', () => {
    expect(vinYear(vinWith('2', 'S'), NOW)).toBe(1995);
    expect(vinYear('1FALP52U5SA123456', NOW)).toBe(1995);
  });

  it('reads a letter at position 7 as 2010–2039', () => {
    expect(vinYear(vinWith('E', 'S'), NOW)).toBe(2025);
    expect(vinYear(vinWith('D', 'A'), NOW)).toBe(2010);
    expect(vinYear('JTDKN3DU0A0123456', NOW)).toBe(2010);
  });

  it.each([
    // code, digit at 7, letter at 7 (the North American table, 49 CFR 565.15)
    ['A', 1980, 2010],
    ['B', 1981, 2011],
    ['H', 1987, 2017],
    ['J', 1988, 2018],
    ['N', 1992, 2022],
    ['P', 1993, 2023],
    ['R', 1994, 2024],
    ['S', 1995, 2025],
    ['T', 1996, 2026],
    ['V', 1997, 2027],
    ['W', 1998, 2028],
    ['X', 1999, 2029],
    ['Y', 2000, 2030],
  ])('%s: %i with a digit at 7, %i with a letter (seen in 2045)', (code, digitYear, letterYear) => {
    const later = new Date('2045-01-01T00:00:00Z');
    expect(vinYear(vinWith('7', code), later)).toBe(digitYear);
    expect(vinYear(vinWith('K', code), later)).toBe(letterYear);
  });

  it('reads digit codes 1–9 as 2001–2009', () => {
    expect(vinYear(vinWith('8', '1'), NOW)).toBe(2001);
    expect(vinYear('1HGCM82633A004352', NOW)).toBe(2003);
    expect(vinYear(vinWith('8', '9'), NOW)).toBe(2009);
  });

  it('never shows a year after next year: a letter at 7 with a code that would mean the future falls back a cycle', () => {
    // 'Y' with a letter at 7 would be 2030; in 2026 no such car exists (a VIN made outside the North American rule)
    expect(vinYear(vinWith('Z', 'Y'), NOW)).toBe(2000);
    // next year's models are on sale already
    expect(vinYear(vinWith('K', 'V'), NOW)).toBe(2027);
    expect(vinYear(vinWith('K', 'W'), NOW)).toBe(1998);
  });

  it.each(['0', 'I', 'O', 'Q', 'U', 'Z'])('shows no year when position 10 is %s (not a year code)', (code) => {
    expect(vinYear(vinWith('2', code), NOW)).toBeUndefined();
    expect(vinYear(vinWith('E', code), NOW)).toBeUndefined();
  });

  it('shows no year for a VIN that is not 17 characters', () => {
    expect(vinYear('1FALP52U5SA12345', NOW)).toBeUndefined();
    expect(vinYear('', NOW)).toBeUndefined();
    expect(decodeVin('1FALP52U5SA12345', NOW).year).toBeUndefined();
  });

  it('gives decodeVin the same year', () => {
    expect(decodeVin(' 1falp52u5sa123456 ', NOW).year).toBe(1995);
    expect(decodeVin(vinWith('2', 'Z'), NOW)).toMatchObject({ valid17: true, year: undefined });
  });
});
