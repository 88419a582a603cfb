import { Field, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { formatUSD } from '../../../domain/money';
import { checkPoints, pointsValue } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { ActionDialog } from './ActionDialog';
import { useInvoiceAction, type ActionStep } from './useInvoiceAction';

/**
 * SPEC §5 Points: required and at least 1 ('Invalid points.'), at most the customer's points ('You dont have enough
 * points.'); each point is worth the config's point value (SPEC §9). repos.invoices.redeem takes them off the amount due.
 */
export function PointsDialog({
  invoice,
  available,
  pointValueCents,
  onClose,
}: {
  invoice: InvoiceRow;
  available: number;
  pointValueCents: number;
  onClose: () => void;
}) {
  const repos = useRepos();
  const [text, setText] = useState('');
  const action = useInvoiceAction(invoice, onClose, { message: MSG.couldNotPoints, guardVersion: true });
  const typed = text.trim() === '' ? null : Number(text);

  const check = (): ActionStep => {
    const checked = checkPoints(typed, available);
    if (!checked.ok)
      return {
        message: checked.message,
        hint: `Enter a whole number of points from 1 to the customer's ${available}.`,
      };
    return async () => {
      await repos.invoices.redeem(invoice.id, typed as number);
      return `${typed} points applied (${formatUSD(pointsValue(typed as number, pointValueCents))})`;
    };
  };

  return (
    <ActionDialog
      title="Apply Points"
      testId="points-dialog"
      submitLabel="Apply"
      pending={action.pending}
      error={action.error}
      onSubmit={() => void action.submit(check)}
      onClose={onClose}
    >
      <Text mb="3" data-testid="points-available">
        Customer points: {available} (each worth {formatUSD(pointValueCents)})
      </Text>
      <Field.Root>
        <Field.Label>Points</Field.Label>
        <Input
          name="points"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            action.clearError();
          }}
        />
        {typed !== null && Number.isInteger(typed) && typed > 0 && (
          <Field.HelperText>Worth {formatUSD(pointsValue(typed, pointValueCents))}</Field.HelperText>
        )}
      </Field.Root>
    </ActionDialog>
  );
}
