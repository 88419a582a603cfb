import { describe, expect, it } from 'vitest';
import { CONFIG_NAMES, CONFIG_SEED, DEFAULT_SHOP_SETTINGS, shopSettings } from '../../src/domain/configSheet';
import { DEFAULT_TIME_ZONE } from '../../src/domain/dates';
import { NO_TAX } from '../../src/domain/tax';
import { pointsValue } from '../../src/domain/totals';

/**
 * Issue 17: each default is written once, in the config sheet's seed (CONFIG_SEED). A shop's settings read from an
 * empty sheet — a device before its first pull — are the seed's, and so are the defaults every rule falls back on.
 */
const seed = (name: string) => {
  const row = CONFIG_SEED.find((r) => r.name === name);
  if (!row) throw new Error(`no seed row ${name}`);
  return row;
};
const amount = (name: string) => seed(name).amount ?? Number.NaN;

describe('the config sheet seed is the one source of each default (issue 17)', () => {
  it('the settings read from an empty sheet are those read from the seed, and are the defaults', () => {
    expect(shopSettings([])).toEqual(shopSettings(CONFIG_SEED));
    expect(DEFAULT_SHOP_SETTINGS).toEqual(shopSettings(CONFIG_SEED));
  });

  it("each default is its seed row's value (amounts in cents where the setting is money)", () => {
    const d = DEFAULT_SHOP_SETTINGS;
    const N = CONFIG_NAMES;
    expect([d.labourRateCents, d.pointValueCents, d.storageFirstDayJmdCents, d.storagePerDayJmdCents]).toEqual(
      [N.labourRate, N.pointValue, N.storageFirstDay, N.storagePerDay].map((n) => Math.round(amount(n) * 100)),
    );
    expect([d.partsNoticeDays, d.collectDays, d.jmdPerUsd]).toEqual(
      [N.partsNoticeDays, N.collectDays, N.jmdRate].map(amount),
    );
    expect([d.timeZone, d.shopName, d.documentFooter]).toEqual(
      [N.timeZone, N.shopName, N.documentFooter].map((n) => seed(n).description),
    );
    expect(d.timeZone).toBe(DEFAULT_TIME_ZONE);
    // '-' is "none": the documents print nothing for the details a new shop has not filled in
    expect([d.shopAddress, d.shopPhone, d.shopEmail, d.shopTaxNumber]).toEqual(['', '', '', '']);
    expect([d.receiptFormat, d.cashupScope, d.tax]).toEqual(['80mm', 'shop', NO_TAX]);
  });

  it("SPEC §9's figures: 50 cents a point, the storage fees J$2,000 then J$1,000 a day", () => {
    expect(pointsValue(10, DEFAULT_SHOP_SETTINGS.pointValueCents)).toBe(500);
    expect([DEFAULT_SHOP_SETTINGS.storageFirstDayJmdCents, DEFAULT_SHOP_SETTINGS.storagePerDayJmdCents]).toEqual([
      200_000, 100_000,
    ]);
  });

  it("a row missing or holding nothing usable reads as the seed's; a row with a value reads as the sheet's", () => {
    const rows = CONFIG_SEED.filter((r) => r.name !== CONFIG_NAMES.collectDays).map((r) =>
      r.name === CONFIG_NAMES.labourRate ? { ...r, amount: null, description: 'fifty' } : r,
    );
    const read = shopSettings([
      ...rows.filter((r) => r.name !== CONFIG_NAMES.shopName),
      { ...seed(CONFIG_NAMES.shopName), description: '' },
      { ...seed(CONFIG_NAMES.pointValue), amount: 0.25 },
    ]);
    expect(read.labourRateCents).toBe(DEFAULT_SHOP_SETTINGS.labourRateCents);
    expect(read.collectDays).toBe(DEFAULT_SHOP_SETTINGS.collectDays);
    expect(read.shopName).toBe(DEFAULT_SHOP_SETTINGS.shopName);
    expect(read.pointValueCents).toBe(25);
  });
});
