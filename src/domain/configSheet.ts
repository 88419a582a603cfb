import { DEFAULT_TIME_ZONE } from './dates';
import { NO_TAX, taxInclusiveOf, taxRateBp, type TaxTerms } from './tax';

/**
 * The configuration sheet (SPEC §2, §3): the rows a new shop starts with. `amount` is in the unit the sheet shows
 * (US dollars for rates and point values, Jamaican dollars for storage fees, days for terms); `description` holds
 * text settings. Settings are read by name: amount when present, else description (SPEC §3).
 */
export interface ConfigSeed {
  name: string;
  title: string;
  description: string;
  amount: number | null;
}

export const CONFIG_NAMES = {
  labourRate: 'labour_rate',
  pointValue: 'point_value',
  storageFirstDay: 'storage_first_day',
  storagePerDay: 'storage_per_day',
  partsNoticeDays: 'parts_notice_days',
  collectDays: 'collect_days',
  timeZone: 'time_zone',
  jmdRate: 'jmd_rate',
  shopName: 'shop_name',
  shopAddress: 'shop_address',
  shopPhone: 'shop_phone',
  shopEmail: 'shop_email',
  shopTaxNumber: 'shop_tax_number',
  documentFooter: 'document_footer',
  receiptFormat: 'receipt_format',
  cashupScope: 'cashup_scope',
  lockIdleMinutes: 'lock_idle_minutes',
  closingHour: 'closing_hour',
  taxName: 'tax_name',
  taxRate: 'tax_rate',
  taxInclusive: 'tax_inclusive',
} as const;

/**
 * A text setting the shop has no value for. SPEC §5 makes a description required, so "none" is written as a dash:
 * the documents then print nothing for it (a new shop starts so, until its details are filled in).
 */
export const NO_VALUE = '-';

/** The shop's details printed on every document; each may be "none" ('-'). */
export const SHOP_DETAIL_NAMES: readonly string[] = [
  CONFIG_NAMES.shopAddress,
  CONFIG_NAMES.shopPhone,
  CONFIG_NAMES.shopEmail,
  CONFIG_NAMES.shopTaxNumber,
  CONFIG_NAMES.documentFooter,
];

/** The paper a payment's receipt is printed on: an 80 mm thermal roll (the counter's printer) or an A4 page. */
export type ReceiptFormat = '80mm' | 'A4';

/**
 * Whose drawer a cash-up counts (issue 18): the shop's one drawer (one cash-up a day for the shop, the default) or
 * each device's own (one a day per device, counting the payments taken on it).
 */
export type CashupScope = 'shop' | 'device';

export const CONFIG_SEED: readonly ConfigSeed[] = [
  { name: 'labour_rate', title: 'Labour rate', description: 'Default rate per work hour (USD)', amount: 50 },
  // SPEC §9: "Points redemption value per point: 50 by default" — 50 cents a point (a $50 point would be absurd)
  {
    name: 'point_value',
    title: 'Point value',
    description: 'Value of one loyalty point when redeemed (USD)',
    amount: 0.5,
  },
  {
    name: 'storage_first_day',
    title: 'Storage first day',
    description: 'Storage fee for the first day (JMD)',
    amount: 2000,
  },
  {
    name: 'storage_per_day',
    title: 'Storage each further day',
    description: 'Storage fee for each further day (JMD)',
    amount: 1000,
  },
  {
    name: 'jmd_rate',
    title: 'JMD per USD',
    description: 'Exchange rate used to put JMD storage fees on USD invoices',
    amount: 155,
  },
  {
    name: 'parts_notice_days',
    title: 'Parts notice',
    description: 'Parts are to be supplied within this many days after notice',
    amount: 5,
  },
  {
    name: 'collect_days',
    title: 'Collection',
    description: 'Vehicles are to be collected within this many days after completion',
    amount: 7,
  },
  { name: 'time_zone', title: 'Time zone', description: DEFAULT_TIME_ZONE, amount: null },
  { name: 'shop_name', title: 'Shop name', description: 'BayBook Auto Care', amount: null },
  // the shop's details on every document (issue 15); '-' prints nothing
  { name: 'shop_address', title: 'Shop address', description: NO_VALUE, amount: null },
  { name: 'shop_phone', title: 'Shop phone', description: NO_VALUE, amount: null },
  { name: 'shop_email', title: 'Shop e-mail', description: NO_VALUE, amount: null },
  { name: 'shop_tax_number', title: 'Tax/registration number', description: NO_VALUE, amount: null },
  { name: 'document_footer', title: 'Document footer line', description: 'Thank you for your business.', amount: null },
  { name: 'receipt_format', title: 'Receipt paper (80mm or A4)', description: '80mm', amount: null },
  { name: 'cashup_scope', title: 'Cash-up: one a day per (shop or device)', description: 'shop', amount: null },
  // a shared bay tablet's auto-lock (issue 18): 0 = never; only on a device where someone set a quick-switch PIN
  {
    name: 'lock_idle_minutes',
    title: 'Shared tablet: lock after minutes idle',
    description: 'A tablet where someone set a PIN locks to Who is working? after this many idle minutes (0 = never)',
    amount: 0,
  },
  // the technician time clock (issue 18): off by default, so no clock is ever cut short unless the shop says so
  {
    name: 'closing_hour',
    title: 'Closing hour (time clock)',
    description:
      'A clock that runs past this hour of the shop day is flagged and counted only to it (17.5 = 5:30 pm; 0 = off)',
    amount: 0,
  },
  // sales tax (issue 18): rate 0, the default, leaves every total as SPEC has it and prints no tax line
  { name: 'tax_name', title: 'Tax name', description: 'GCT', amount: null },
  {
    name: 'tax_rate',
    title: 'Tax rate (%)',
    description: 'Percent, up to 2 decimals (15 = 15%; 0 = no tax)',
    amount: 0,
  },
  { name: 'tax_inclusive', title: 'Prices include tax (yes or no)', description: 'no', amount: null },
];

export type Settings = Record<string, number | string>;

/** SPEC §3: a setting is its amount if present, else its description. */
export function settingsFrom(rows: readonly { name: string; amount: number | null; description: string }[]): Settings {
  const out: Settings = {};
  for (const r of rows) out[r.name] = r.amount ?? r.description;
  return out;
}

/**
 * The settings money rules need, typed. A row that is missing, or holds no usable value, reads as the seed's row
 * (CONFIG_SEED: the one place each default is written). Amounts become cents.
 */
export interface ShopSettings {
  timeZone: string;
  labourRateCents: number;
  pointValueCents: number;
  storageFirstDayJmdCents: number;
  storagePerDayJmdCents: number;
  /** SPEC §9: parts are to be supplied within this many days after notice, the vehicle collected within these */
  partsNoticeDays: number;
  collectDays: number;
  jmdPerUsd: number;
  shopName: string;
  /** the shop's details as documents print them: '' where the shop has none */
  shopAddress: string;
  shopPhone: string;
  shopEmail: string;
  shopTaxNumber: string;
  documentFooter: string;
  receiptFormat: ReceiptFormat;
  cashupScope: CashupScope;
  /** the tax a new invoice or estimate is raised with */
  tax: TaxTerms;
}

/** 'device' (any case, spaces ignored) makes a cash-up per device; anything else one for the shop. */
export const cashupScopeOf = (value: string): CashupScope =>
  value.replace(/\s+/g, '').toLowerCase() === 'device' ? 'device' : 'shop';

/** 'A4' (any case, spaces ignored) prints receipts on A4; anything else on the 80 mm roll. */
export const receiptFormatOf = (value: string): ReceiptFormat =>
  value.replace(/\s+/g, '').toUpperCase() === 'A4' ? 'A4' : '80mm';

export function shopSettings(
  rows: readonly { name: string; amount: number | null; description: string }[],
): ShopSettings {
  const given = settingsFrom(rows);
  // each setting as the sheet has it, or as the seed has it when the sheet's row is missing or holds nothing usable
  const num = (name: string, toCents = true) => {
    const v = usable(given[name], 'number') ?? SEED[name];
    return typeof v === 'number' ? (toCents ? Math.round(v * 100) : v) : Number.NaN;
  };
  const text = (name: string) => String(usable(given[name], 'string') ?? SEED[name] ?? '');
  const detail = (name: string) => {
    const v = text(name).trim();
    return v === NO_VALUE ? '' : v;
  };
  const s: Settings = { ...SEED, ...given };
  return {
    timeZone: text(CONFIG_NAMES.timeZone),
    labourRateCents: num(CONFIG_NAMES.labourRate),
    pointValueCents: num(CONFIG_NAMES.pointValue),
    storageFirstDayJmdCents: num(CONFIG_NAMES.storageFirstDay),
    storagePerDayJmdCents: num(CONFIG_NAMES.storagePerDay),
    partsNoticeDays: num(CONFIG_NAMES.partsNoticeDays, false),
    collectDays: num(CONFIG_NAMES.collectDays, false),
    jmdPerUsd: num(CONFIG_NAMES.jmdRate, false),
    shopName: text(CONFIG_NAMES.shopName),
    shopAddress: detail(CONFIG_NAMES.shopAddress),
    shopPhone: detail(CONFIG_NAMES.shopPhone),
    shopEmail: detail(CONFIG_NAMES.shopEmail),
    shopTaxNumber: detail(CONFIG_NAMES.shopTaxNumber),
    documentFooter: detail(CONFIG_NAMES.documentFooter),
    receiptFormat: receiptFormatOf(text(CONFIG_NAMES.receiptFormat)),
    cashupScope: cashupScopeOf(text(CONFIG_NAMES.cashupScope)),
    tax: taxTermsOf(s),
  };
}

/** The seed's settings: what a missing or unusable row reads as. */
const SEED: Settings = settingsFrom(CONFIG_SEED);

/** A finite number, or text with something in it; undefined otherwise (the seed's value is read instead). */
function usable(v: number | string | undefined, kind: 'number' | 'string'): number | string | undefined {
  if (kind === 'number') return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  return typeof v === 'string' && v ? v : undefined;
}

/** The settings of a shop whose sheet is as seeded: every default, read from CONFIG_SEED. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = shopSettings([]);

/** The shop's tax from its settings: none unless the rate is one Config takes and above 0. */
function taxTermsOf(s: Settings): TaxTerms {
  const rateBp = taxRateBp(s[CONFIG_NAMES.taxRate]) ?? 0;
  if (rateBp === 0) return NO_TAX;
  const name = String(s[CONFIG_NAMES.taxName] ?? '').trim();
  return { name: name === NO_VALUE ? '' : name, rateBp, inclusive: taxInclusiveOf(s[CONFIG_NAMES.taxInclusive]) };
}
