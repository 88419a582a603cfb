import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { formatUSD, percentOf } from '../../../domain/money';
import { DISCOUNT_CHOICES, checkDiscount } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import { LocalWriteError } from '../../../local/write';
import { useRepos } from '../../data/DataProvider';
import { notify } from '../../feedback/toaster';
import { ActionDialog, CHANGED_HINT, failure } from './ActionDialog';
import { useSubmitOnce } from './useSubmitOnce';

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
  const once = useSubmitOnce();
  const [choice, setChoice] = useState(
    DISCOUNT_CHOICES.includes(customerPercent) && customerPercent > 0 ? String(customerPercent) : '',
  );
  const [seenVersion, setSeenVersion] = useState(invoice.version);
  const [error, setError] = useState<{ message: string; hint?: string } | null>(null);
  const totals = invoice.totals as { labour?: number; product?: number };
  const base = (totals.labour ?? 0) + (totals.product ?? 0);

  const submit = () =>
    once.run(async () => {
      const percent = choice === '' ? null : Number(choice);
      const check = checkDiscount(percent);
      if (!check.ok) return setError({ message: check.message });
      if (percent === 0) {
        once.finish();
        onClose();
        return;
      }
      if (invoice.version !== seenVersion) {
        setSeenVersion(invoice.version);
        return setError({ message: MSG.couldNotDiscount, hint: CHANGED_HINT });
      }
      try {
        await repos.invoices.discount(invoice.id, percent as number);
        once.finish();
        notify(`Discount of ${percent}% applied`);
        onClose();
      } catch (err) {
        setError(failure(err, MSG.couldNotDiscount, (e) => e instanceof LocalWriteError));
      }
    });

  return (
    <ActionDialog
      title="Apply Discount"
      testId="discount-dialog"
      submitLabel="Apply"
      pending={once.pending}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field.Root>
        <Field.Label>Discount</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label="Discount"
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              setError(null);
            }}
          >
            <option value="">Select a discount</option>
            {DISCOUNT_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? 'None' : `${d}%`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
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
