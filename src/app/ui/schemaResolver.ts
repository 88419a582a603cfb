import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { ValidationError, type Schema } from 'yup';

/**
 * A react-hook-form resolver for a form whose fields hold what was typed (`In`: text in inputs and selects) while
 * the domain schema casts and checks them into what the submit handler receives (`Out`: numbers, cents). It is
 * @hookform/resolvers' yupResolver (same options: every error found, the first per field) typed as it runs:
 * yupResolver declares the form's values to be the schema's output, which such forms are not.
 * `prepare` turns the typed values into what the schema expects first (e.g. dollars → cents).
 */
export function schemaResolver<In extends FieldValues, Out extends FieldValues>(
  schema: Schema<Out>,
  prepare: (values: In) => Record<string, unknown> = (values) => ({ ...values }),
): Resolver<In, unknown, Out> {
  return async (values, _context, options) => {
    try {
      const result = await schema.validate(prepare(values), { abortEarly: false });
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result, errors: {} };
    } catch (e) {
      if (!ValidationError.isError(e)) throw e;
      const errors: Record<string, FieldError> = Object.create(null);
      for (const inner of e.inner) {
        if (inner.path !== undefined && !errors[inner.path])
          errors[inner.path] = { message: inner.message, type: inner.type ?? 'validation' };
      }
      return { values: {}, errors: toNestErrors(errors, options) };
    }
  };
}
