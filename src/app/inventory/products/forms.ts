import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { parseMoneyInput } from '../../../domain/money';

/**
 * A yup resolver for a form whose money fields are typed in dollars: those fields become integer cents (the domain's
 * parseMoneyInput; '' → undefined, text → NaN) before the domain schema sees them, so the schema's own messages apply
 * and the submitted values are cents.
 */
export function centsResolver<T extends FieldValues>(schema: AnyObjectSchema, moneyFields: readonly string[], extra?: (v: Record<string, unknown>) => Record<string, unknown>): Resolver<T> {
  const inner = yupResolver(schema) as unknown as Resolver<FieldValues>;
  return ((values, ctx, opts) => {
    const v: Record<string, unknown> = { ...values };
    for (const f of moneyFields) {
      const cents = parseMoneyInput(String(v[f] ?? ''));
      v[f] = cents === null ? undefined : cents;
    }
    return inner(extra ? extra(v) : v, ctx, opts as never);
  }) as Resolver<T>;
}

/** cents → the dollars a money input shows ('' for none) */
export const dollars = (cents: number | null | undefined) => (typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : '');
