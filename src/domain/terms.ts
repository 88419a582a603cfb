import type { ShopSettings } from './configSheet';
import { formatJMD, formatUSD } from './money';
import { jmdToUsdCents, storageChargeJmd, type StorageFees } from './totals';

/**
 * SPEC §9's storage terms, written once: the request screen's authorization, the invoice editor, Add Storage and the
 * invoice PDF all print these words. Fees are in Jamaican dollars (SPEC §1) and, like the days, come from the config
 * sheet as shopSettings reads it (SPEC's figures when a row is missing).
 */
export type StorageTerms = Pick<
  ShopSettings,
  'storageFirstDayJmdCents' | 'storagePerDayJmdCents' | 'partsNoticeDays' | 'collectDays'
>;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export const AUTHORIZATION_TITLE = 'Authorization';

/** The storage clause (SPEC §9): what a day costs and when storage is charged. */
export function storageTermsText(t: StorageTerms): string {
  return (
    `Storage is charged at ${formatJMD(t.storageFirstDayJmdCents)} for the first day and ` +
    `${formatJMD(t.storagePerDayJmdCents)} for each further day when parts to be supplied by the customer are not ` +
    `supplied within ${days(t.partsNoticeDays)} after notice, or when the vehicle is not collected within ` +
    `${days(t.collectDays)} after the work is completed.`
  );
}

/** What a number of days in storage costs in JMD, and the USD it puts on the invoice at the config's rate. */
export function storageChargeText(n: number, s: StorageFees): string {
  const jmd = storageChargeJmd(n, s);
  return `${days(n)}: ${formatJMD(jmd)} = ${formatUSD(jmdToUsdCents(jmd, s.jmdPerUsd))} at ${s.jmdPerUsd} JMD per USD`;
}

/** The authorization paragraphs a customer agrees to when a vehicle is checked in (SPEC §2, below level 4), in order. */
export function authorizationTerms(t: StorageTerms): string[] {
  return [
    'I authorize the shop to carry out the services listed on this request and to test-drive the vehicle where needed to diagnose and check the work.',
    'Work or parts beyond those listed will only be carried out with my approval. Approved labour and parts are to be paid in full before the vehicle is released.',
    storageTermsText(t),
    'Storage charges are payable before the vehicle is released.',
    'The shop is not responsible for loss of or damage to the vehicle, or to articles left in it, caused by fire, theft, accident or any other cause beyond its control.',
  ];
}
