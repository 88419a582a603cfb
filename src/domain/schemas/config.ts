import { number, object, string } from 'yup';
import { MSG } from '../messages';

/**
 * The Config edit form (SPEC §5: title read-only; description and amount required; amount a number). A setting that
 * holds a number (the labour rate, fees, days) needs its amount, a number; a text setting (time zone, shop name)
 * keeps its value in the description and has no amount (docs/DECISIONS.md "Configuration sheet"), as the server's
 * PUT /configsheet/{id} does. The API payload is checked with configEditSchema (schemas/admin.ts).
 */
export function configFormSchema(hasAmount: boolean) {
  const amount = number()
    .transform((v, orig) => (orig === '' || orig === null || orig === undefined ? undefined : typeof orig === 'string' && orig.trim() === '' ? undefined : v))
    .typeError(MSG.configAmountNumber);
  return object({
    description: string().trim().required(MSG.configDescriptionRequired).min(1, MSG.configDescriptionRequired).max(500),
    amount: hasAmount ? amount.required(MSG.configAmountRequired) : amount.nullable().optional(),
  });
}
