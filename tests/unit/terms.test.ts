import { describe, expect, it } from 'vitest';
import { CONFIG_SEED, DEFAULT_SHOP_SETTINGS, shopSettings } from '../../src/domain/configSheet';
import { authorizationTerms, storageChargeText, storageTermsText } from '../../src/domain/terms';

/** SPEC §9's storage terms: one text from the config sheet, shown by the request screen, the invoice editor and the PDF. */
describe('storage terms (SPEC §9)', () => {
  it("read SPEC's figures from a new shop's config sheet, and SPEC's defaults when its rows are missing", () => {
    const spec =
      'Storage is charged at J$2,000.00 for the first day and J$1,000.00 for each further day when parts to be ' +
      'supplied by the customer are not supplied within 5 days after notice, or when the vehicle is not collected ' +
      'within 7 days after the work is completed.';
    expect(storageTermsText(shopSettings(CONFIG_SEED))).toBe(spec);
    expect(storageTermsText(shopSettings([]))).toBe(spec);
    expect(storageTermsText(DEFAULT_SHOP_SETTINGS)).toBe(spec);
  });

  it("follow the shop's own fees and days (JMD with cents, one day singular)", () => {
    const s = shopSettings([
      { name: 'storage_first_day', amount: 2500.5, description: '' },
      { name: 'storage_per_day', amount: 1200, description: '' },
      { name: 'parts_notice_days', amount: 1, description: '' },
      { name: 'collect_days', amount: 10, description: '' },
    ]);
    expect(storageTermsText(s)).toBe(
      'Storage is charged at J$2,500.50 for the first day and J$1,200.00 for each further day when parts to be ' +
        'supplied by the customer are not supplied within 1 day after notice, or when the vehicle is not collected ' +
        'within 10 days after the work is completed.',
    );
    expect(authorizationTerms(s)).toContain(storageTermsText(s));
  });

  it('price a stay in JMD and in the USD the invoice carries, at the configured rate', () => {
    // J$2,000 + 2 × J$1,000 = J$4,000 at 155 JMD per USD = $25.806… → $25.81
    expect(storageChargeText(3, DEFAULT_SHOP_SETTINGS)).toBe('3 days: J$4,000.00 = $25.81 at 155 JMD per USD');
    const s = shopSettings([{ name: 'jmd_rate', amount: 160, description: '' }]);
    expect(storageChargeText(1, s)).toBe('1 day: J$2,000.00 = $12.50 at 160 JMD per USD');
  });
});
