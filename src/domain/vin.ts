/**
 * ISO 3779 VIN checks, offline: the check digit (position 9, used in North America and by most makers since 1981),
 * the model year (position 10) and the maker from the world manufacturer identifier. A failing check digit is a
 * warning, never a block: older and some imported vehicles do not use it.
 */
const TRANSLIT: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

const WMI: [string, string][] = [
  ['1FA', 'Ford'],
  ['1FB', 'Ford'],
  ['1FC', 'Ford'],
  ['1FD', 'Ford'],
  ['1FM', 'Ford'],
  ['1FT', 'Ford'],
  ['1FU', 'Freightliner'],
  ['1F', 'Ford'],
  ['1G1', 'Chevrolet'],
  ['1GC', 'Chevrolet'],
  ['1GN', 'Chevrolet'],
  ['1GT', 'GMC'],
  ['1GK', 'GMC'],
  ['1G6', 'Cadillac'],
  ['1G', 'General Motors'],
  ['1HG', 'Honda'],
  ['1J4', 'Jeep'],
  ['1J', 'Jeep'],
  ['1L', 'Lincoln'],
  ['1M8', 'Motor Coach Industries'],
  ['1N', 'Nissan'],
  ['1VW', 'Volkswagen'],
  ['1C', 'Chrysler'],
  ['1D', 'Dodge'],
  ['1YV', 'Mazda'],
  ['2HG', 'Honda'],
  ['2HK', 'Honda'],
  ['2T', 'Toyota'],
  ['2C', 'Chrysler'],
  ['2G', 'General Motors'],
  ['3FA', 'Ford'],
  ['3G', 'General Motors'],
  ['3N', 'Nissan'],
  ['3VW', 'Volkswagen'],
  ['4T', 'Toyota'],
  ['4S', 'Subaru'],
  ['5YJ', 'Tesla'],
  ['5N1', 'Nissan'],
  ['5T', 'Toyota'],
  ['5X', 'Hyundai'],
  ['KM', 'Hyundai'],
  ['KN', 'Kia'],
  ['KL', 'Daewoo/GM Korea'],
  ['JA', 'Isuzu'],
  ['JF', 'Subaru'],
  ['JH', 'Honda'],
  ['JM', 'Mazda'],
  ['JN', 'Nissan'],
  ['JS', 'Suzuki'],
  ['JT', 'Toyota'],
  ['JY', 'Yamaha'],
  ['JMB', 'Mitsubishi'],
  ['JA3', 'Mitsubishi'],
  ['SAJ', 'Jaguar'],
  ['SAL', 'Land Rover'],
  ['SCC', 'Lotus'],
  ['SB1', 'Toyota'],
  ['SHH', 'Honda'],
  ['VF1', 'Renault'],
  ['VF3', 'Peugeot'],
  ['VF7', 'Citroën'],
  ['VSS', 'SEAT'],
  ['TMB', 'Škoda'],
  ['WAU', 'Audi'],
  ['WBA', 'BMW'],
  ['WBS', 'BMW M'],
  ['WDB', 'Mercedes-Benz'],
  ['WDD', 'Mercedes-Benz'],
  ['WMW', 'MINI'],
  ['WP0', 'Porsche'],
  ['WVW', 'Volkswagen'],
  ['WVG', 'Volkswagen'],
  ['W0L', 'Opel/Vauxhall'],
  ['YV1', 'Volvo'],
  ['YS3', 'Saab'],
  ['ZAR', 'Alfa Romeo'],
  ['ZFA', 'Fiat'],
  ['ZFF', 'Ferrari'],
  ['MA1', 'Mahindra'],
  ['MAL', 'Hyundai India'],
  ['MR0', 'Toyota Thailand'],
  ['MNT', 'Nissan Thailand'],
];

export interface VinInfo {
  /** 17 characters of the VIN alphabet (no I, O, Q) */
  valid17: boolean;
  /** null when the VIN is not a 17-character VIN */
  checkDigitOk: boolean | null;
  year?: number;
  maker?: string;
}

export function normaliseVin(vin: string): string {
  return vin.trim().toUpperCase().replace(/\s+/g, '');
}

export function vinCheckDigit(vin: string): string | null {
  const v = normaliseVin(vin);
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(v)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = v[i];
    sum += (/\d/.test(c) ? Number(c) : TRANSLIT[c]) * WEIGHTS[i];
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/**
 * Model year from position 10 (codes A–Y without I, O, Q, U, Z, then 1–9: a 30-year cycle from 1980). The cycle is
 * told apart by position 7, the North American rule (49 CFR 565.15): a digit there means 1980–2009, a letter
 * 2010–2039, so a 1995 car ('S', digit at 7) is not read as 2025. Where that would give a year after next year (a VIN
 * made outside the rule) the latest year of the cycle not after next year is shown. No year when position 10 is not
 * a year code (0, I, O, Q, U, Z) or the VIN is not 17 characters.
 */
export function vinYear(vin: string, now = new Date()): number | undefined {
  const v = normaliseVin(vin);
  if (v.length !== 17) return undefined;
  const idx = YEAR_CODES.indexOf(v[9]);
  if (idx < 0) return undefined;
  const latest = now.getUTCFullYear() + 1;
  const p7 = v[6];
  const byPosition7 = /[0-9]/.test(p7) ? 1980 + idx : /[A-Z]/.test(p7) ? 2010 + idx : undefined;
  if (byPosition7 !== undefined && byPosition7 <= latest) return byPosition7;
  let year = 1980 + idx;
  while (year + 30 <= latest) year += 30;
  return year;
}

export function vinMaker(vin: string): string | undefined {
  const v = normaliseVin(vin);
  const hit = WMI.filter(([p]) => v.startsWith(p)).sort((a, b) => b[0].length - a[0].length)[0];
  return hit?.[1];
}

export function decodeVin(vin: string, now = new Date()): VinInfo {
  const v = normaliseVin(vin);
  const check = vinCheckDigit(v);
  if (check === null) return { valid17: false, checkDigitOk: null, maker: v.length >= 3 ? vinMaker(v) : undefined };
  return { valid17: true, checkDigitOk: v[8] === check, year: vinYear(v, now), maker: vinMaker(v) };
}
