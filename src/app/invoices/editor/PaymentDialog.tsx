import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { METHOD_LABELS } from '../../../domain/entities';
import { MSG } from '../../../domain/messages';
import { formatUSD, fromCents, parseMoneyInput } from '../../../domain/money';
import { checkPayment } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import type { PaymentMethod } from '../../../local/repositories/invoices';
import { LocalWriteError } from '../../../local/write';
import { useRepos } from '../../data/DataProvider';
import { notify } from '../../feedback/toaster';
import { ActionDialog, CHANGED_HINT, failure } from './ActionDialog';
import { useSubmitOnce } from './useSubmitOnce';

/**
 * SPEC §2/§5 payment: the amount for one method, checked by the domain ('You need to have a value', 'Invalid payment'
 * when ≤ 0 or above the amount due), written by repos.invoices.pay — once: the submit is guarded (useSubmitOnce), and
 * the invoice version the cashier saw is checked before writing, so a figure changed by another device is never paid
 * against ('Could not make payment, please Save and try again.').
 */
export function PaymentDialog({
  invoice,
  method,
  onClose,
}: {
  invoice: InvoiceRow;
  method: PaymentMethod;
  onClose: () => void;
}) {
  const repos = useRepos();
  const once = useSubmitOnce();
  const [text, setText] = useState('');
  const [seenVersion, setSeenVersion] = useState(invoice.version);
  const [error, setError] = useState<{ message: string; hint?: string } | null>(null);
  const label = METHOD_LABELS[method];

  const submit = () =>
    once.run(async () => {
      const cents = parseMoneyInput(text);
      const check = checkPayment(cents === null ? null : cents, invoice.total);
      if (!check.ok)
        return setError({
          message: check.message,
          hint: `Enter the amount received: more than ${formatUSD(0)} and at most the amount due (${formatUSD(invoice.total)}).`,
        });
      if (invoice.version !== seenVersion) {
        setSeenVersion(invoice.version);
        return setError({ message: MSG.couldNotPay, hint: CHANGED_HINT });
      }
      try {
        const t = await repos.invoices.pay(invoice.id, method, cents as number);
        once.finish();
        notify(`${label} payment of ${formatUSD(t.amount)} recorded (receipt ${t.number})`);
        onClose();
      } catch (err) {
        setError(failure(err, MSG.couldNotPay, (e) => e instanceof LocalWriteError));
      }
    });

  return (
    <ActionDialog
      title={`${label} payment`}
      testId="payment-dialog"
      submitLabel="Make payment"
      pending={once.pending}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Text mb="3">
        Amount due: <strong data-testid="payment-due">{formatUSD(invoice.total)}</strong>
      </Text>
      <Field.Root>
        <Field.Label>Amount</Field.Label>
        <HStack w="full">
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
          <Button variant="outline" size="sm" onClick={() => setText(String(fromCents(invoice.total)))}>
            Full amount
          </Button>
        </HStack>
      </Field.Root>
    </ActionDialog>
  );
}
