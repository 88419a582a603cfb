import type { Cents } from './money';

/**
 * Sales tax (issue 18: e.g. GCT 15 %), off by default. The rate is kept exact in basis points (1 % = 100), never as a
 * float percent; the one rounding rule is `taxCents`. A document keeps the tax it was raised with in its totals (the
 * snapshot below), so a later Config change never rewrites an invoice or estimate already saved; a document saved
 * before the shop set a rate has no snapshot and no tax. docs/DECISIONS.md "Tax".
 */
export interface TaxTerms {
  /** the tax's short name as documents print it, e.g. "GCT" */
  name: string;
  /** the rate in basis points: 1500 = 15 %; 0 = no tax */
  rateBp: number;
  /** prices include the tax (the tax is the part of the total that is tax) or it is added on top */
  inclusive: boolean;
}

export const NO_TAX: TaxTerms = { name: '', rateBp: 0, inclusive: false };
/** 100 % */
export const MAX_TAX_RATE_BP = 10_000;
const BP_PER_WHOLE = 10_000n;

/**
 * A Config rate (a percent, e.g. 15 or 16.5) in basis points, or null when it is not one Config takes: a number from
 * 0 to 100 with at most two decimals.
 */
export function taxRateBp(percent: unknown): number | null {
  const n = typeof percent === 'number' ? percent : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || n > 100) return null;
  const bp = Math.round(n * 100);
  return Math.abs(bp - n * 100) < 1e-6 ? bp : null;
}

/**
 * "yes" (or y, true, 1, any case) says prices include the tax; anything else that it is added on top. Config takes
 * only yes or no (configChoices.ts); the reader stays lenient for a row saved before that.
 */
export const taxInclusiveOf = (value: unknown): boolean => /^\s*(yes|y|true|1)\s*$/i.test(String(value ?? ''));

/**
 * THE rounding rule: tax is worked out once per document on its taxable amount and rounded half up to the cent.
 * On top: taxable × rate. Included: the part of the taxable amount that is tax, taxable × rate / (1 + rate).
 * In BigInt, so a document of any size allowed stays exact.
 */
export function taxCents(taxable: Cents, t: TaxTerms): Cents {
  if (!(t.rateBp > 0) || !(taxable > 0)) return 0;
  const rate = BigInt(Math.min(MAX_TAX_RATE_BP, Math.round(t.rateBp)));
  const den = t.inclusive ? BP_PER_WHOLE + rate : BP_PER_WHOLE;
  const num = BigInt(Math.round(taxable)) * rate;
  return Number((2n * num + den) / (2n * den));
}

/** The tax terms a document saved with, in its totals: none when it has no snapshot (saved before, or at rate 0). */
export function taxOf(totals: unknown): TaxTerms {
  const t = (totals ?? {}) as Record<string, unknown>;
  const rateBp = Number(t.tax_rate_bp);
  if (!Number.isInteger(rateBp) || rateBp <= 0 || rateBp > MAX_TAX_RATE_BP) return NO_TAX;
  return { name: typeof t.tax_name === 'string' ? t.tax_name : '', rateBp, inclusive: t.tax_inclusive === true };
}

/** The snapshot a document's totals keep: nothing at all at rate 0, so untaxed totals are what they always were. */
export function taxSnapshot(t: TaxTerms) {
  return t.rateBp > 0 ? { tax_name: t.name, tax_rate_bp: t.rateBp, tax_inclusive: t.inclusive } : {};
}

/** The rate as a person reads it: 1500 → "15%", 1650 → "16.5%". */
export const taxPercentText = (rateBp: number) => `${Number((rateBp / 100).toFixed(2))}%`;

/**
 * The tax line's label on every screen and document: "GCT 15%" added before points, or "Includes GCT 15%" under the
 * Total when prices include it.
 */
export function taxLabel(t: TaxTerms): string {
  return `${t.inclusive ? 'Includes ' : ''}${t.name || 'Tax'} ${taxPercentText(t.rateBp)}`;
}
