import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { METHOD_LABELS } from '../../../domain/entities';
import { MSG } from '../../../domain/messages';
import { formatUSD, fromCents, parseMoneyInput } from '../../../domain/money';
import { checkPayment } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import type { PaymentMethod } from '../../../local/repositories/invoices';
import { useRepos } from '../../data/DataProvider';
import { ActionDialog } from './ActionDialog';
import { useInvoiceAction, type ActionStep } from './useInvoiceAction';

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
  const [text, setText] = useState('');
  const action = useInvoiceAction(invoice, onClose, { message: MSG.couldNotPay, guardVersion: true });
  const label = METHOD_LABELS[method];

  const check = (): ActionStep => {
    const cents = parseMoneyInput(text);
    const checked = checkPayment(cents, invoice.total);
    const hint = `Enter the amount received: more than ${formatUSD(0)} and at most the amount due (${formatUSD(invoice.total)}).`;
    if (!checked.ok) return { message: checked.message, hint };
    return async () => {
      const t = await repos.invoices.pay(invoice.id, method, cents as number);
      return `${label} payment of ${formatUSD(t.amount)} recorded (receipt ${t.number})`;
    };
  };

  return (
    <ActionDialog
      title={`${label} payment`}
      testId="payment-dialog"
      submitLabel="Make payment"
      pending={action.pending}
      error={action.error}
      onSubmit={() => void action.submit(check)}
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
              action.clearError();
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
