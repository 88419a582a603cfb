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
} as const;

export const CONFIG_SEED: readonly ConfigSeed[] = [
  { name: 'labour_rate', title: 'Labour rate', description: 'Default rate per work hour (USD)', amount: 50 },
  { name: 'point_value', title: 'Point value', description: 'Value of one loyalty point when redeemed (USD)', amount: 0.5 },
  { name: 'storage_first_day', title: 'Storage first day', description: 'Storage fee for the first day (JMD)', amount: 2000 },
  { name: 'storage_per_day', title: 'Storage each further day', description: 'Storage fee for each further day (JMD)', amount: 1000 },
  { name: 'jmd_rate', title: 'JMD per USD', description: 'Exchange rate used to put JMD storage fees on USD invoices', amount: 155 },
  { name: 'parts_notice_days', title: 'Parts notice', description: 'Parts are to be supplied within this many days after notice', amount: 5 },
  { name: 'collect_days', title: 'Collection', description: 'Vehicles are to be collected within this many days after completion', amount: 7 },
  { name: 'time_zone', title: 'Time zone', description: 'America/Jamaica', amount: null },
  { name: 'shop_name', title: 'Shop name', description: 'BayBook Auto Care', amount: null },
];

export type Settings = Record<string, number | string>;

/** SPEC §3: a setting is its amount if present, else its description. */
export function settingsFrom(rows: readonly { name: string; amount: number | null; description: string }[]): Settings {
  const out: Settings = {};
  for (const r of rows) out[r.name] = r.amount ?? r.description;
  return out;
}

/** The settings money rules need, typed, with SPEC's defaults when a row is missing. Amounts become cents. */
export interface ShopSettings {
  timeZone: string;
  labourRateCents: number;
  pointValueCents: number;
  storageFirstDayJmdCents: number;
  storagePerDayJmdCents: number;
  jmdPerUsd: number;
  shopName: string;
}

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  timeZone: 'America/Jamaica',
  labourRateCents: 5000,
  pointValueCents: 50,
  storageFirstDayJmdCents: 200000,
  storagePerDayJmdCents: 100000,
  jmdPerUsd: 155,
  shopName: 'BayBook',
};

export function shopSettings(rows: readonly { name: string; amount: number | null; description: string }[]): ShopSettings {
  const s = settingsFrom(rows);
  const num = (name: string, fallback: number, toCents = true) => {
    const v = s[name];
    return typeof v === 'number' && Number.isFinite(v) ? (toCents ? Math.round(v * 100) : v) : fallback;
  };
  const text = (name: string, fallback: string) => (typeof s[name] === 'string' && s[name] ? (s[name] as string) : fallback);
  const d = DEFAULT_SHOP_SETTINGS;
  return {
    timeZone: text(CONFIG_NAMES.timeZone, d.timeZone),
    labourRateCents: num(CONFIG_NAMES.labourRate, d.labourRateCents),
    pointValueCents: num(CONFIG_NAMES.pointValue, d.pointValueCents),
    storageFirstDayJmdCents: num(CONFIG_NAMES.storageFirstDay, d.storageFirstDayJmdCents),
    storagePerDayJmdCents: num(CONFIG_NAMES.storagePerDay, d.storagePerDayJmdCents),
    jmdPerUsd: num(CONFIG_NAMES.jmdRate, d.jmdPerUsd, false),
    shopName: text(CONFIG_NAMES.shopName, d.shopName),
  };
}
