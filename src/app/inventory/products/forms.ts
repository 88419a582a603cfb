import type { FieldValues, Resolver } from 'react-hook-form';
import type { Schema } from 'yup';
import { parseMoneyInput, plainDollars } from '../../../domain/money';
import { schemaResolver } from '../../ui/schemaResolver';

/**
 * A resolver for a form whose money fields are typed in dollars (`In`, as typed): those fields become integer cents
 * (the domain's parseMoneyInput; '' → undefined, text → NaN) before the domain schema sees them, so the schema's own
 * messages apply and the submitted values (`Out`) are cents.
 */
export function centsResolver<In extends FieldValues, Out extends FieldValues>(
  schema: Schema<Out>,
  moneyFields: readonly (keyof In & string)[],
  extra?: (v: Record<string, unknown>) => Record<string, unknown>,
): Resolver<In, unknown, Out> {
  return schemaResolver<In, Out>(schema, (values) => {
    const v: Record<string, unknown> = { ...values };
    for (const f of moneyFields) {
      const cents = parseMoneyInput(String(v[f] ?? ''));
      v[f] = cents === null ? undefined : cents;
    }
    return extra ? extra(v) : v;
  });
}

/** cents → the dollars a money input shows ('' for none) */
export const dollars = (cents: number | null | undefined) =>
  typeof cents === 'number' && Number.isFinite(cents) ? plainDollars(cents) : '';
