/**
 * Money is integer cents inside BayBook (no float sums on the books). The shop's currency is US dollars; storage
 * terms are Jamaican dollars (SPEC §1, §9).
 */
export type Cents = number;

/** Dollars (number or text as typed) → integer cents, rounding half away from zero. Throws on NaN/Infinity. */
export function toCents(dollars: number | string): Cents {
  const n = typeof dollars === 'string' ? Number(dollars.replace(/[$,\s]/g, '')) : dollars;
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${String(dollars)}`);
  // scale through a string to avoid 1.005 * 100 = 100.49999
  const scaled = Number(`${Math.abs(n)}e2`);
  return Math.sign(n) * Math.round(scaled);
}

export function fromCents(cents: Cents): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const jmd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$1,234.50', '-$1.00' */
export function formatUSD(cents: Cents): string {
  return usd.format(cents / 100);
}

/** 'J$2,000.00' */
export function formatJMD(cents: Cents): string {
  return `${cents < 0 ? '-' : ''}J$${jmd.format(Math.abs(cents) / 100)}`;
}

/** '1234.50': dollars with neither symbol nor grouping, for CSV cells and form fields that are read back as numbers. */
export function plainDollars(cents: Cents): string {
  return (cents / 100).toFixed(2);
}

/** A money field as typed in a form: '' → null; otherwise cents, or NaN when it is not a number. */
export function parseMoneyInput(text: string): Cents | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? toCents(n) : Number.NaN;
}

/** Percentage of an amount, rounded to the cent (half away from zero). */
export function percentOf(cents: Cents, percent: number): Cents {
  const share = (cents * percent) / 100;
  // Math.round alone rounds -2.5 to -2: a refund's share would differ by a cent from the charge's
  return Math.sign(share) * Math.round(Math.abs(share)) || 0;
}
