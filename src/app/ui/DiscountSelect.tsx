import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { DISCOUNT_CHOICES } from '../../domain/totals';

/**
 * A choice of SPEC §9's discounts (0 reads 'None'), plus `current` when it is not one of them (so an edit keeps a
 * customer's odd discount), under an optional prompt. The field's other props (value, register's) pass through.
 */
export function DiscountSelect({
  current,
  prompt,
  size,
  ...field
}: ComponentProps<typeof NativeSelect.Field> & { current?: number; prompt?: string; size?: 'sm' }) {
  const choices =
    current === undefined || DISCOUNT_CHOICES.includes(current)
      ? DISCOUNT_CHOICES
      : [...DISCOUNT_CHOICES, current].sort((a, b) => a - b);
  return (
    <NativeSelect.Root size={size} minW={size && '24'}>
      <NativeSelect.Field {...field}>
        {prompt && <option value="">{prompt}</option>}
        {choices.map((d) => (
          <option key={d} value={d}>
            {d === 0 ? 'None' : `${d}%`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
