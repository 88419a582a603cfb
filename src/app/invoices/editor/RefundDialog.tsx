import { Box, Button, Field, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../../domain/entities';
import { MSG } from '../../../domain/messages';
import { transactions } from '../../../domain/model/billing';
import { textMax } from '../../../domain/model/fields';
import { formatUSD, fromCents, parseMoneyInput } from '../../../domain/money';
import { STORAGE_LINE_ID } from '../../../domain/totals';
import { refundedOf } from '../../../domain/writes/refunds';
import type { InvoiceRow, TransactionRow } from '../../../local/db';
import type { Line } from '../../../local/repositories/invoices';
import { useRepos } from '../../data/DataProvider';
import { ActionDialog } from './ActionDialog';
import type { EditorDialog } from './dialogKinds';
import { ReturnLines, type Picked } from './ItemReturnDialog';
import { useInvoiceAction, type ActionStep } from './useInvoiceAction';

/** the reason's limit: the model's transactions.reason, as the refund's schema reads it */
const REASON_MAX = textMax(transactions.fields.reason);

/** A paid invoice's refunds so far and the Refund button (issue 18; shown at the level that may remove a payment). */
export function RefundPanel({
  inv,
  payments,
  open,
}: {
  inv: InvoiceRow;
  payments: TransactionRow[];
  open: (dialog: EditorDialog) => void;
}) {
  const refunded = refundedOf(payments);
  return (
    <HStack gap="3" wrap="wrap" data-testid="refund-panel">
      <Button
        variant="outline"
        colorPalette="red"
        minH="11"
        disabled={refunded >= inv.payment}
        onClick={() => open({ kind: 'refund' })}
      >
        Refund
      </Button>
      {refunded > 0 && (
        <Text data-testid="refunded">
          Refunded {formatUSD(refunded)} of {formatUSD(inv.payment)} paid
        </Text>
      )}
    </HStack>
  );
}

/**
 * A refund after payment (issue 18): the amount (at most what was paid less what was refunded), the reason, how the
 * money went back (cash unless said: the cash-up takes it off that method's takings), and the items that come back, if any (the item return's lines: each up to what is left of it). The device plans it as the
 * server will (src/domain/writes/refunds.ts) and refuses in the server's words; offline it waits in the outbox.
 */
export function RefundDialog({
  invoice,
  payments,
  onClose,
}: {
  invoice: InvoiceRow;
  payments: TransactionRow[];
  onClose: () => void;
}) {
  const action = useInvoiceAction(invoice, onClose, { message: MSG.failedProcess, guardVersion: false });
  const left = invoice.payment - refundedOf(payments);
  const lines = ((invoice.products ?? []) as Line[]).filter(
    (l) => l.id !== STORAGE_LINE_ID && l.qty - (l.returned ?? 0) > 0,
  );
  const form = useRefundForm(invoice.id);

  return (
    <ActionDialog
      title="Refund"
      testId="refund-dialog"
      submitLabel="Record refund"
      pending={action.pending}
      error={action.error}
      onSubmit={() => void action.submit(form.check)}
      onClose={onClose}
    >
      <Stack gap="3">
        <Text>
          Can be refunded: <strong data-testid="refund-left">{formatUSD(left)}</strong>
        </Text>
        <RefundFields
          amount={form.text}
          reason={form.reason}
          left={left}
          onAmount={(v) => {
            form.setText(v);
            action.clearError();
          }}
          onReason={form.setReason}
        />
        <PaidBackBy value={form.paidBy} onChange={form.setPaidBy} />
        {lines.length > 0 && (
          <Box>
            <Text fontSize="sm" mb="1">
              Items coming back (they go back in stock):
            </Text>
            <ReturnLines
              lines={lines}
              picked={form.picked}
              onPick={(change) => {
                action.clearError();
                form.setPicked(change);
              }}
            />
          </Box>
        )}
      </Stack>
    </ActionDialog>
  );
}

/** The refund form's state and its check: the amount and the reason first, then the write. */
function useRefundForm(invoiceId: string) {
  const repos = useRepos();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked>({});
  const [reason, setReason] = useState('');
  const [paidBy, setPaidBy] = useState<PaymentMethod>('cash');
  const check = (): ActionStep => {
    const cents = parseMoneyInput(text);
    if (cents === null || !Number.isInteger(cents) || cents <= 0) return { message: MSG.refundAmount };
    if (!reason.trim()) return { message: MSG.refundReason };
    const items = Object.entries(picked).map(([id, q]) => ({ id, qty: Number(q) }));
    return async () => {
      const t = await repos.invoices.refund(invoiceId, {
        amount: cents,
        reason: reason.trim(),
        refund_method: paidBy,
        items,
      });
      return `Refund of ${formatUSD(-t.amount)} recorded (receipt ${t.number}): give the money back to the customer`;
    };
  };
  return { text, setText, picked, setPicked, reason, setReason, paidBy, setPaidBy, check };
}

/** How the money went back: the payment methods, cash first. */
function PaidBackBy({ value, onChange }: { value: PaymentMethod; onChange: (m: PaymentMethod) => void }) {
  return (
    <Field.Root>
      <Field.Label>Paid back by</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="refund_method"
          value={value}
          onChange={(e) => onChange(PAYMENT_METHODS.find((m) => m === e.target.value) ?? 'cash')}
        >
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The refund's amount (with All of it: what can still be refunded) and its reason. */
function RefundFields(props: {
  amount: string;
  reason: string;
  left: number;
  onAmount: (text: string) => void;
  onReason: (text: string) => void;
}) {
  return (
    <>
      <Field.Root>
        <Field.Label>Amount to refund</Field.Label>
        <HStack w="full">
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={props.amount}
            onChange={(e) => props.onAmount(e.target.value)}
          />
          <Button variant="outline" minH="11" onClick={() => props.onAmount(String(fromCents(props.left)))}>
            All of it
          </Button>
        </HStack>
      </Field.Root>
      <Field.Root>
        <Field.Label>Reason for the refund</Field.Label>
        <Textarea
          name="reason"
          rows={2}
          maxLength={REASON_MAX}
          value={props.reason}
          onChange={(e) => props.onReason(e.target.value)}
        />
      </Field.Root>
    </>
  );
}
