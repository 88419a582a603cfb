import { Badge, Box, Button, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatUSD } from '../../../domain/money';
import { checkQty, normaliseQty, productsCents, STORAGE_LINE_ID } from '../../../domain/totals';
import type { Line, LineColumn } from './types';

export interface LinesTableProps {
  lines: readonly Line[];
  onChange?: (lines: Line[]) => void;
  /** no qty edits, no Remove (a paid, locked invoice; SPEC §4) */
  readOnly?: boolean;
  /** units available for a product (for the qty check); undefined skips the check */
  stockOf?: (id: string) => number | undefined;
  /** extra columns after Total (e.g. the invoice editor's own) */
  extraColumns?: readonly LineColumn[];
  emptyText?: string;
}

/** The line's own total: price × (qty − returned), the domain's productsCents. */
export const lineTotal = (l: Line) => productsCents([l]);

/**
 * The quantity of one line: what is typed is kept as typed until it is a number; below 1 it becomes 1 (SPEC §5,
 * normaliseQty; never below what was already returned); above what is available it is refused with SPEC's
 * '{title} has only ({stock}) in stock' (checkQty), as is a quantity above the most a line holds, and the previous
 * quantity stays.
 */
function QtyInput({
  line,
  stock,
  onQty,
  onError,
}: {
  line: Line;
  stock?: number;
  onQty: (qty: number) => void;
  onError: (message: string | null) => void;
}) {
  const [draft, setDraft] = useState(String(line.qty));
  useEffect(() => setDraft(String(line.qty)), [line.qty]);

  const change = (value: string) => {
    if (value.trim() === '') {
      setDraft('');
      return;
    }
    const n = Number(value);
    if (!Number.isFinite(n)) return;
    const qty = Math.max(normaliseQty(n), line.returned ?? 0);
    // with no live stock known, only the most a line may hold is checked
    const ok = checkQty({ title: line.title, qty }, stock ?? Infinity);
    if (!ok.ok) {
      onError(ok.message);
      setDraft(String(line.qty));
      return;
    }
    onError(null);
    setDraft(String(qty));
    if (qty !== line.qty) onQty(qty);
  };

  return (
    <Input
      size="sm"
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      w="20"
      value={draft}
      aria-label={`Quantity of ${line.title}`}
      onChange={(e) => change(e.target.value)}
      onBlur={() => setDraft(String(line.qty))}
    />
  );
}

interface QtyProps {
  line: Line;
  editable: boolean;
  stock?: number;
  /** why the last quantity typed was refused */
  error: string | null;
  onQty: (qty: number) => void;
  onError: (message: string | null) => void;
}

/** The quantity: its input (and why the last one was refused) while the line can be edited, then what was returned. */
function QtyCell({ line: l, editable, stock, error, onQty, onError }: QtyProps) {
  return (
    <>
      {editable ? (
        <Stack gap="1">
          <QtyInput line={l} stock={stock} onQty={onQty} onError={onError} />
          {error && (
            <Text role="alert" color="fg.error" fontSize="sm">
              {error}
            </Text>
          )}
        </Stack>
      ) : (
        <Text data-testid="line-qty">{l.qty}</Text>
      )}
      {l.returned ? <Text fontSize="xs" color="fg.muted">{`${l.returned} returned`}</Text> : null}
    </>
  );
}

/** One line: the storage line (SPEC §9) shows a badge and is never edited or removed here. */
function LineRow(props: QtyProps & { onRemove: () => void; extraColumns: readonly LineColumn[] }) {
  const { line: l, editable, onRemove, extraColumns } = props;
  const storage = l.id === STORAGE_LINE_ID;
  return (
    <Table.Row data-testid="line-row" data-line-id={l.id}>
      <Table.Cell fontWeight="medium">
        {l.title}
        {storage && (
          <Badge ml="2" colorPalette="purple">
            Storage
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>{l.description}</Table.Cell>
      <Table.Cell textAlign="end">{formatUSD(l.price)}</Table.Cell>
      <Table.Cell>
        <QtyCell {...props} editable={editable && !storage} />
      </Table.Cell>
      <Table.Cell textAlign="end" data-testid="line-total">
        {formatUSD(lineTotal(l))}
      </Table.Cell>
      {extraColumns.map((c) => (
        <Table.Cell key={c.header}>{c.cell(l)}</Table.Cell>
      ))}
      {editable && (
        <Table.Cell textAlign="end">
          {!storage && (
            <Button size="xs" variant="outline" colorPalette="red" aria-label={`Remove ${l.title}`} onClick={onRemove}>
              Remove
            </Button>
          )}
        </Table.Cell>
      )}
    </Table.Row>
  );
}

/**
 * SPEC §2 product table of invoices, estimates and sales: title, description, price, qty (editable), line total and
 * Remove. The storage line (SPEC §9, id 10001000) is shown but never edited or removed here.
 */
export function LinesTable({
  lines,
  onChange,
  readOnly,
  stockOf,
  extraColumns = [],
  emptyText = 'No products added',
}: LinesTableProps) {
  const [error, setError] = useState<{ id: string; message: string } | null>(null);
  const editable = !readOnly && !!onChange;

  const setQty = (id: string, qty: number) => onChange?.(lines.map((l) => (l.id === id ? { ...l, qty } : l)));
  const remove = (id: string) => {
    if (error?.id === id) setError(null);
    onChange?.(lines.filter((l) => l.id !== id));
  };

  return (
    <Box overflowX="auto" data-testid="lines-table">
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Title</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            <Table.ColumnHeader>Qty</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            {extraColumns.map((c) => (
              <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
            ))}
            {editable && <Table.ColumnHeader aria-label="Actions" />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={5 + extraColumns.length + (editable ? 1 : 0)}>
                <Text color="fg.muted">{emptyText}</Text>
              </Table.Cell>
            </Table.Row>
          ) : (
            lines.map((l) => (
              <LineRow
                key={l.id}
                line={l}
                editable={editable}
                stock={stockOf?.(l.id)}
                error={error?.id === l.id ? error.message : null}
                onQty={(qty) => setQty(l.id, qty)}
                onError={(message) => setError(message ? { id: l.id, message } : null)}
                onRemove={() => remove(l.id)}
                extraColumns={extraColumns}
              />
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
