import type { FieldValues, RegisterOptions, UseFormRegisterReturn } from 'react-hook-form';

/**
 * `register` as a shared group of fields needs it: the names of `V` and the options such groups set. A form whose
 * values include `V` passes its own `register` unchanged, and TypeScript checks those names exist in that form.
 */
export type RegisterFields<V extends FieldValues> = (
  name: keyof V & string,
  options?: Pick<RegisterOptions, 'setValueAs' | 'onChange'>,
) => UseFormRegisterReturn;
