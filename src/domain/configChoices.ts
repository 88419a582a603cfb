import { CONFIG_NAMES } from './configSheet';

/**
 * Settings that take one of a few words (issues 15 and 18): the Config screen offers them as a choice and the
 * setting plan (writes/config.ts), on the device and the server, refuses anything else with a message, rather than
 * read a typo as the default ("ja" for "prices include tax" used to mean no). The readers in configSheet.ts and
 * tax.ts stay lenient for rows saved before.
 */
const CONFIG_CHOICES: Readonly<Record<string, readonly string[]>> = {
  [CONFIG_NAMES.taxInclusive]: ['yes', 'no'],
  [CONFIG_NAMES.receiptFormat]: ['80mm', 'A4'],
  [CONFIG_NAMES.cashupScope]: ['shop', 'device'],
};

/** The words a setting takes, or undefined for a setting of free text or a number. */
export const choicesOf = (name: string | undefined): readonly string[] | undefined =>
  name && Object.hasOwn(CONFIG_CHOICES, name) ? CONFIG_CHOICES[name] : undefined;

const squash = (v: string) => v.replace(/\s+/g, '').toLowerCase();

/** The choice a typed value names, as the sheet keeps it (any case, spaces ignored: " A4 " → "A4"), or null. */
export function pickChoice(choices: readonly string[], value: string): string | null {
  return choices.find((c) => squash(c) === squash(value)) ?? null;
}

/** The choices as a message says them: "yes or no". */
export const choicesText = (choices: readonly string[]) => choices.join(' or ');
