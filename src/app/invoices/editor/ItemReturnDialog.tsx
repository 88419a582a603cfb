import { Checkbox, Field, HStack, Input, Stack, Table, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { RETURN_COMMENT_MAX } from '../../../domain/schemas/money';
import { formatUSD } from '../../../domain/money';
import { STORAGE_LINE_ID } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import type { Line } from '../../../local/repositories/invoices';
import { useRepos } from '../../data/DataProvider';
import { ActionDialog } from './ActionDialog';
import { useInvoiceAction, type ActionStep } from './useInvoiceAction';

/**
 * SPEC §5 Item return: a checked item, a quantity up to what was sold (less what was returned before) and a comment
 * stating the reason; repos.invoices.returnItems puts the units back in stock and reduces the invoice.
 */
export function ItemReturnDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const repos = useRepos();
  const action = useInvoiceAction(invoice, onClose, { message: MSG.failedProcess, guardVersion: false });
  const lines = ((invoice.products ?? []) as Line[]).filter(
    (l) => l.id !== STORAGE_LINE_ID && l.qty - (l.returned ?? 0) > 0,
  );
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [comment, setComment] = useState('');

  const check = (): ActionStep => {
    const items = Object.entries(picked).map(([id, q]) => ({ id, qty: Number(q) }));
    const fits = items.every((it) => {
      const l = lines.find((x) => x.id === it.id);
      return !!l && Number.isInteger(it.qty) && it.qty >= 1 && it.qty <= l.qty - (l.returned ?? 0);
    });
    if (!items.length || !fits || !comment.trim()) return { message: MSG.itemReturnInvalid };
    return async () => {
      await repos.invoices.returnItems(invoice.id, items, comment.trim());
      return `Returned ${items.reduce((n, it) => n + it.qty, 0)} item(s) to stock`;
    };
  };

  return (
    <ActionDialog
      title="Item Return"
      testId="return-dialog"
      submitLabel="Return items"
      pending={action.pending}
      error={action.error}
      onSubmit={() => void action.submit(check)}
      onClose={onClose}
    >
      <Stack gap="3">
        <ReturnLines
          lines={lines}
          picked={picked}
          onPick={(change) => {
            action.clearError();
            setPicked(change);
          }}
        />
        <Field.Root>
          <Field.Label>Reason for the return</Field.Label>
          <Textarea
            name="comment"
            rows={3}
            maxLength={RETURN_COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}

/**
 * The lines that can go back: tick one to return it (1 at first), then its quantity, up to what is left of it. A
 * refund's items come back through the same lines (RefundDialog).
 */
export function ReturnLines({
  lines,
  picked,
  onPick,
}: {
  lines: Line[];
  picked: Picked;
  onPick: (change: (picked: Picked) => Picked) => void;
}) {
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Item</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Sold</Table.ColumnHeader>
          <Table.ColumnHeader>Return qty</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((l) => (
          <ReturnRow key={l.id} line={l} qty={picked[l.id]} onPick={onPick} />
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export type Picked = Record<string, string>;

/** One line: its tick (returning it starts at 1), what is left of it, and the quantity going back. */
function ReturnRow({
  line: l,
  qty,
  onPick,
}: {
  line: Line;
  qty?: string;
  onPick: (change: (p: Picked) => Picked) => void;
}) {
  const checked = qty !== undefined;
  const tick = (on: boolean) =>
    onPick((p) => {
      const next = { ...p };
      if (on) next[l.id] = '1';
      else delete next[l.id];
      return next;
    });
  return (
    <Table.Row>
      <Table.Cell>
        <Checkbox.Root checked={checked} onCheckedChange={(e) => tick(!!e.checked)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {l.title} ({formatUSD(l.price)})
          </Checkbox.Label>
        </Checkbox.Root>
      </Table.Cell>
      <Table.Cell textAlign="end">{l.qty - (l.returned ?? 0)}</Table.Cell>
      <Table.Cell>
        <HStack>
          <Input
            size="sm"
            w="20"
            inputMode="numeric"
            aria-label={`Return quantity of ${l.title}`}
            disabled={!checked}
            value={qty ?? ''}
            onChange={(e) => onPick((p) => ({ ...p, [l.id]: e.target.value.replace(/\D/g, '').slice(0, 6) }))}
          />
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
