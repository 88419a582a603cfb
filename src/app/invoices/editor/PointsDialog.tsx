import { Field, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { formatUSD } from '../../../domain/money';
import { checkPoints, pointsValue } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import { LocalWriteError } from '../../../local/write';
import { useRepos } from '../../data/DataProvider';
import { notify } from '../../feedback/toaster';
import { ActionDialog, CHANGED_HINT, failure } from './ActionDialog';
import { useSubmitOnce } from './useSubmitOnce';

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
  const once = useSubmitOnce();
  const [text, setText] = useState('');
  const [seenVersion, setSeenVersion] = useState(invoice.version);
  const [error, setError] = useState<{ message: string; hint?: string } | null>(null);
  const typed = text.trim() === '' ? null : Number(text);

  const submit = () =>
    once.run(async () => {
      const check = checkPoints(typed, available);
      if (!check.ok)
        return setError({
          message: check.message,
          hint: `Enter a whole number of points from 1 to the customer's ${available}.`,
        });
      if (invoice.version !== seenVersion) {
        setSeenVersion(invoice.version);
        return setError({ message: MSG.couldNotPoints, hint: CHANGED_HINT });
      }
      try {
        await repos.invoices.redeem(invoice.id, typed as number);
        once.finish();
        notify(`${typed} points applied (${formatUSD(pointsValue(typed as number, pointValueCents))})`);
        onClose();
      } catch (err) {
        setError(failure(err, MSG.couldNotPoints, (e) => e instanceof LocalWriteError));
      }
    });

  return (
    <ActionDialog
      title="Apply Points"
      testId="points-dialog"
      submitLabel="Apply"
      pending={once.pending}
      error={error}
      onSubmit={() => void submit()}
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
            setError(null);
          }}
        />
        {typed !== null && Number.isInteger(typed) && typed > 0 && (
          <Field.HelperText>Worth {formatUSD(pointsValue(typed, pointValueCents))}</Field.HelperText>
        )}
      </Field.Root>
    </ActionDialog>
  );
}
