import { mixed, number, string } from 'yup';
import { formatUSD } from '../money';
import { MSG, fill } from '../messages';
import { numberRange, textMax, type FieldSpec } from '../model/fields';
import { MAX_LINE_QTY, MAX_RATE_CENTS } from '../totals';

/**
 * The bounds of every input (issue 19), in one place: the schemas build their fields from these, so a form, a
 * device's repository and the server's defineRoute refuse the same values with the same words. SPEC §5 sets some
 * (note 500, rate 9,999,999,999 dollars, member names 12); the rest are documented caps chosen so that every value
 * fits its column (int4 for stock, points, versions; bigint cents) and every sum the books make of them stays an
 * exact JavaScript number (docs/ARCHITECTURE.md "Bounds").
 */
export const LIMITS = {
  /** a person's first or last name, a technician */
  name: 100,
  /** titles, service names, business names, emails */
  title: 200,
  /** SPEC §5: the customer note (and other short remarks) */
  note: 500,
  /** descriptions, comments, job notes, service-log entries */
  text: 2000,
  /** ISO 3779: 17 characters (older vehicles have fewer) */
  vin: 17,
  registration: 20,
  /** a supplier's telephone as typed (spaces, a '+', an extension) */
  phone: 40,
  /** ids, numbers, barcodes, dates, codes */
  short: 64,
  /** lines on one invoice or estimate, services on one job */
  lines: 500,
  services: 100,
  /** a product's price or cost: $9,999,999.99, so 500 lines of 9,999 units stay below 2^53 cents */
  priceCents: 999_999_999,
  /** any other money (a payment, a rate): SPEC §5's rate maximum, 9,999,999,999 dollars */
  moneyCents: MAX_RATE_CENTS,
  /** units on one line (sold, returned) */
  qty: MAX_LINE_QTY,
  /** stock, low stock and one receipt or adjustment; the column is int4 */
  stock: 1_000_000,
  /** loyalty points (int4 column) */
  points: 1_000_000_000,
  /** a row version (int4 column) */
  version: 2_147_483_647,
  /** a vehicle's mileage as taken in: what a 7-digit odometer shows */
  mileage: 9_999_999,
  /** SPEC §5 work hours: what the 9-character input holds in whole hours */
  workHours: 9999,
  /** a discount in percent */
  percent: 100,
  /** days a vehicle may be kept in storage on one invoice (ten years) */
  storageDays: 3650,
} as const;

/** An unpaired UTF-16 surrogate: JSON can carry one, but neither UTF-8 nor PostgreSQL's jsonb can store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store as given: no U+0000 (text refuses it) and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * '' and null count as not given, so 'required' speaks rather than 'must be a number' (a cleared form field). The
 * number builders below leave it out: an edit's field that may be left out but not emptied keeps null as null.
 */
export const blankAsMissing = (v: unknown, orig: unknown) => (orig === '' || orig === null ? undefined : v);

/** Text of at most `max` characters that can be stored; `tooLong` replaces the generic '{field} … at most' words. */
export const boundedText = (field: string, max: number, tooLong = fill(MSG.textMax, { field, max })) =>
  string()
    .max(max, tooLong)
    .test('storable', fill(MSG.unstorable, { field }), (v) => v === undefined || v === null || isStorableText(v));

/**
 * A write's text input that is a model field: bounded by the field's `.max()` (src/domain/model), the one place its
 * limit is written.
 */
export function modelText(label: string, field: { spec: FieldSpec }, tooLong?: string) {
  return boundedText(label, textMax(field), tooLong);
}

/**
 * A write's number input that is a model field: within the field's `.range()` (src/domain/model), whole when the
 * column is an integer; `invalid` is said for text, a fraction and a value outside the range (SPEC's words for it).
 */
export function modelNumber(field: { spec: FieldSpec }, invalid: string) {
  const { min, max } = numberRange(field);
  const n = number().typeError(invalid).min(min, invalid).max(max, invalid);
  return field.spec.kind === 'real' ? n : n.integer(invalid);
}

/**
 * Integer cents from 0 to `max`. `invalid` is the field's own message for text, a fraction of a cent or a negative
 * (SPEC's where it has one); a value above `max` says the maximum in dollars. The caller adds required/optional.
 */
export const cents = (field: string, invalid: string, max: number = LIMITS.moneyCents) =>
  number()
    .typeError(invalid)
    .integer(invalid)
    .min(0, invalid)
    .max(max, fill(MSG.amountMax, { field, max: formatUSD(max) }));

/** A device code ('B2'), or 'S' for a call made straight through the API (src/server/numbers.ts NUMBER_PATTERN). */
const DEVICE_CODE = /^(S|[A-Z]\d{1,4})$/;
const INSTANT = /^2\d{3}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The device that made a record: its code, 'S' when left out. */
export const deviceCode = () => string().matches(DEVICE_CODE, MSG.invalidId).default('S');

/**
 * When a device did something, ISO with its offset, optional (a write made offline keeps its time when it arrives
 * later); this millennium's, since PostgreSQL has no year 0.
 */
export const instantText = (message: string) =>
  string()
    .optional()
    .test('instant', message, (v) => v === undefined || (INSTANT.test(v) && !Number.isNaN(Date.parse(v))));

/** A whole number from `min` to `max` (1e308 and 2^53+1 are whole numbers too: the range refuses them). */
export const wholeNumber = (
  field: string,
  min: number,
  max: number,
  invalid = fill(MSG.numberRange, { field, min, max }),
) =>
  number()
    .typeError(invalid)
    .integer(invalid)
    .min(min, fill(MSG.numberRange, { field, min, max }))
    .max(max, fill(MSG.numberRange, { field, min, max }));

/** A discount in percent, as its model field bounds it (a customer's, an estimate's): 0 when not given. */
export const discountPercent = (field: { spec: FieldSpec }) => modelNumber(field, MSG.chooseDiscount).default(0);

/**
 * Units of a product on a line: a whole number from 1 to LIMITS.qty. -1, 0, 10.5 and 'Infinity' are refused, never
 * rewritten (a form may round what staff type before it builds the line; the API takes the number as sent).
 */
export const wholeQty = (message = fill(MSG.qtyWhole, { max: LIMITS.qty })) =>
  number().typeError(message).integer(message).min(1, message).max(LIMITS.qty, message);

/** A group of fields a route reads itself (a customer given inline): an object, not text, a number or a list. */
export const fieldGroup = (field: string) =>
  mixed<Record<string, unknown>>().test(
    'object',
    fill(MSG.invalidField, { field }),
    (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v)),
  );

/** A row version a device last saw (optimistic concurrency). */
export const rowVersion = () => wholeNumber('Version', 0, LIMITS.version).optional();
