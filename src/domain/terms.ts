import { CONFIG_NAMES, type Settings } from './configSheet';

/**
 * The authorization terms a customer agrees to when a vehicle is checked in (SPEC §2 Make Service Request, shown to
 * users below level 4, SPEC §6), with SPEC §9's storage terms. One text for the request screen and the PDFs.
 * Storage fees are in Jamaican dollars (SPEC §1); the amounts and days come from the config sheet when it has them.
 */
export interface StorageTerms {
  /** JMD, whole dollars */
  firstDayJmd: number;
  /** JMD, whole dollars, each further day */
  perDayJmd: number;
  /** parts are to be supplied within this many days after notice */
  partsNoticeDays: number;
  /** the vehicle is to be collected within this many days after completion */
  collectDays: number;
}

/** SPEC §9: $2,000 JMD first day, $1,000 each further day; parts within 5 days after notice; collect within 7 days. */
export const DEFAULT_STORAGE_TERMS: StorageTerms = {
  firstDayJmd: 2000,
  perDayJmd: 1000,
  partsNoticeDays: 5,
  collectDays: 7,
};

/** The storage terms from the config sheet's settings (SPEC §3: amount, else description), SPEC's defaults otherwise. */
export function storageTermsFrom(settings: Settings | null | undefined): StorageTerms {
  const num = (name: string, fallback: number) => {
    const v = settings?.[name];
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  const d = DEFAULT_STORAGE_TERMS;
  return {
    firstDayJmd: num(CONFIG_NAMES.storageFirstDay, d.firstDayJmd),
    perDayJmd: num(CONFIG_NAMES.storagePerDay, d.perDayJmd),
    partsNoticeDays: num(CONFIG_NAMES.partsNoticeDays, d.partsNoticeDays),
    collectDays: num(CONFIG_NAMES.collectDays, d.collectDays),
  };
}

// SPEC §9's own words ('$2,000 JMD'): whole dollars from the config sheet, not money.ts formatJMD's cents
// ('J$2,000.00', the invoice's storage line), so the terms read as the shop's printed form does.
const jmd = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} JMD`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export const AUTHORIZATION_TITLE = 'Authorization';

/** The storage clause alone (SPEC §9), for documents that print only it. */
export function storageTermsText(t: StorageTerms = DEFAULT_STORAGE_TERMS): string {
  return (
    `Storage is charged at ${jmd(t.firstDayJmd)} for the first day and ${jmd(t.perDayJmd)} for each further day ` +
    `when parts to be supplied by the customer are not supplied within ${days(t.partsNoticeDays)} after notice, ` +
    `or when the vehicle is not collected within ${days(t.collectDays)} after the work is completed.`
  );
}

/** The authorization paragraphs, in order. */
export function authorizationTerms(t: StorageTerms = DEFAULT_STORAGE_TERMS): string[] {
  return [
    'I authorize the shop to carry out the services listed on this request and to test-drive the vehicle where needed to diagnose and check the work.',
    'Work or parts beyond those listed will only be carried out with my approval. Approved labour and parts are to be paid in full before the vehicle is released.',
    storageTermsText(t),
    'Storage charges are payable before the vehicle is released.',
    'The shop is not responsible for loss of or damage to the vehicle, or to articles left in it, caused by fire, theft, accident or any other cause beyond its control.',
  ];
}
