import { describe, expect, it } from 'vitest';
import { CONFIG_SEED } from '../../src/domain/configSheet';
import { choicesOf, pickChoice } from '../../src/domain/configChoices';
import { MSG, fill } from '../../src/domain/messages';
import { configFormSchema } from '../../src/domain/schemas/config';
import { planSettingEdit } from '../../src/domain/writes/config';

/**
 * Settings of a few words (issue 18: prices include tax, yes or no; the receipt's paper and the cash-up's scope of
 * issue 15 and 18): one of them lands as the sheet spells it; anything else is refused with a message on the device's
 * form and in the plan both sides run — never read as the default.
 */
const seed = (name: string) => CONFIG_SEED.find((r) => r.name === name)!;

describe('config choices', () => {
  it('every choice setting starts on one of its words', () => {
    for (const name of ['tax_inclusive', 'receipt_format', 'cashup_scope']) {
      const choices = choicesOf(name)!;
      expect(pickChoice(choices, seed(name).description), name).toBe(seed(name).description);
    }
    expect(choicesOf('shop_name')).toBeUndefined();
    expect(choicesOf('toString')).toBeUndefined();
  });

  it('the plan keeps the word as the sheet spells it and refuses garbage, with or without base', () => {
    const row = { ...seed('tax_inclusive'), amount: null };
    expect(planSettingEdit(row, { description: ' Yes ', amount: null })).toMatchObject({
      ok: true,
      apply: { description: 'yes' },
    });
    const refusal = { ok: false, message: fill(MSG.configChoice, { choices: 'yes or no' }) };
    for (const bad of ['maybe', 'y', 'true', 'ja', 'yes please'])
      expect(planSettingEdit(row, { description: bad, amount: null }), bad).toEqual(refusal);
    expect(planSettingEdit(row, { description: 'maybe', base: { description: 'no' } })).toEqual(refusal);
    const paper = { ...seed('receipt_format'), amount: null };
    expect(planSettingEdit(paper, { description: 'a 4', amount: null })).toMatchObject({
      apply: { description: 'A4' },
    });
    expect(planSettingEdit(paper, { description: 'letter', amount: null })).toEqual({
      ok: false,
      message: fill(MSG.configChoice, { choices: '80mm or A4' }),
    });
    // a free-text setting is not a choice
    expect(planSettingEdit({ ...seed('shop_name') }, { description: 'maybe', amount: null })).toMatchObject({
      ok: true,
    });
  });

  it('the Config form says the choices when the value is none of them', () => {
    const schema = configFormSchema(false, choicesOf('tax_inclusive'));
    expect(schema.isValidSync({ description: 'no' })).toBe(true);
    expect(() => schema.validateSync({ description: 'nope' })).toThrow(
      fill(MSG.configChoice, { choices: 'yes or no' }),
    );
  });
});
