import { number, object, string } from 'yup';
import { choicesText, pickChoice } from '../configChoices';
import { MSG, fill } from '../messages';
import { config } from '../model/shop';
import { LIMITS, modelText } from './fields';

/**
 * The Config edit form (SPEC §5: title read-only; description and amount required; amount a number). A setting that
 * holds a number (the labour rate, fees, days) needs its amount, a number; a text setting (time zone, shop name)
 * keeps its value in the description and has no amount (docs/DECISIONS.md "Configuration sheet"), as the server's
 * PUT /configsheet/{id} does. The API payload is checked with configEditSchema (schemas/admin.ts).
 */
export function configFormSchema(hasAmount: boolean, choices?: readonly string[]) {
  // a setting of a few words (configChoices.ts) takes one of them, in any case; none chosen says the choices too
  const description = choices
    ? string().test('choice', fill(MSG.configChoice, { choices: choicesText(choices) }), (v) =>
        Boolean(v && pickChoice(choices, v) !== null),
      )
    : configDescription();
  const amount = configAmount().transform((v, orig) =>
    typeof orig === 'string' && orig.trim() === '' ? undefined : v,
  );
  return object({
    description,
    amount: hasAmount ? amount.required(MSG.configAmountRequired) : amount.nullable().optional(),
  });
}

/** A setting's amount: a number (a rate, a fee, days), never beyond SPEC's money maximum either way. */
export const configAmount = () =>
  number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.configAmountNumber)
    .min(-LIMITS.moneyCents, fill(MSG.amountMax, { field: 'Amount', max: LIMITS.moneyCents }))
    .max(LIMITS.moneyCents, fill(MSG.amountMax, { field: 'Amount', max: LIMITS.moneyCents }));
export const configDescription = () =>
  modelText('Description', config.fields.description)
    .trim()
    .required(MSG.configDescriptionRequired)
    .min(1, MSG.configDescriptionRequired);
