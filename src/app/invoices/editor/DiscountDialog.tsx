import { Field, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { formatUSD, percentOf } from '../../../domain/money';
import { DISCOUNT_CHOICES, checkDiscount } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { DiscountSelect } from '../../ui/DiscountSelect';
import { ActionDialog } from './ActionDialog';
import { useInvoiceAction, type ActionStep } from './useInvoiceAction';

/**
 * SPEC §5 Discount: one of SPEC §9's choices (none, 5–20 %) must be selected; the customer's own discount is
 * offered first. 'None' records nothing. repos.invoices.discount applies it to labour plus products, once.
 */
export function DiscountDialog({
  invoice,
  customerPercent,
  onClose,
}: {
  invoice: InvoiceRow;
  customerPercent: number;
  onClose: () => void;
}) {
  const repos = useRepos();
  const [choice, setChoice] = useState(
    DISCOUNT_CHOICES.includes(customerPercent) && customerPercent > 0 ? String(customerPercent) : '',
  );
  const action = useInvoiceAction(invoice, onClose, { message: MSG.couldNotDiscount, guardVersion: true });
  const totals = invoice.totals as { labour?: number; product?: number };
  const base = (totals.labour ?? 0) + (totals.product ?? 0);

  const check = (): ActionStep => {
    const percent = choice === '' ? null : Number(choice);
    const checked = checkDiscount(percent);
    if (!checked.ok) return { message: checked.message };
    return async () => {
      await repos.invoices.discount(invoice.id, percent as number);
      return `Discount of ${percent}% applied`;
    };
  };
  // 'None' records nothing: it only closes
  const submit = () => (choice === '0' ? onClose() : void action.submit(check));

  return (
    <ActionDialog
      title="Apply Discount"
      testId="discount-dialog"
      submitLabel="Apply"
      pending={action.pending}
      error={action.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field.Root>
        <Field.Label>Discount</Field.Label>
        <DiscountSelect
          aria-label="Discount"
          prompt="Select a discount"
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
            action.clearError();
          }}
        />
        <Field.HelperText>
          Applied to labour plus products ({formatUSD(base)}); storage is not discounted.
        </Field.HelperText>
      </Field.Root>
      {choice !== '' && Number(choice) > 0 && (
        <Text mt="2" data-testid="discount-preview">
          {choice}% off: {formatUSD(percentOf(base, Number(choice)))}
        </Text>
      )}
    </ActionDialog>
  );
}
