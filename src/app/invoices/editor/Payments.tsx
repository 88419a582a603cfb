import { Button, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { ShopSettings } from '../../../domain/configSheet';
import { formatShop } from '../../../domain/dates';
import { METHOD_LABELS, type TransactionMethod } from '../../../domain/entities';
import { formatUSD } from '../../../domain/money';
import { refundLine } from '../../../domain/writes/refunds';
import type { InvoiceRow, TransactionRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { DataTable } from '../../ui/DataTable';
import { receiptPdfBlob } from '../../ui/documents';
import { DialogFrame } from '../../ui/DialogFrame';
import { useOpenPdf } from '../../ui/useOpenPdf';

const methodLabel = (m: string) => METHOD_LABELS[m as TransactionMethod] ?? m;
/** A payment's method; a refund's line also says how the money went back and why (issue 18). */
const lineLabel = (t: TransactionRow) => (t.method === 'refund' ? refundLine(t) : methodLabel(t.method));

function columns(timeZone: string, action?: (t: TransactionRow) => ReactNode): ColumnDef<TransactionRow, unknown>[] {
  const cols: ColumnDef<TransactionRow, unknown>[] = [
    { id: 'number', accessorKey: 'number', header: 'Receipt' },
    { id: 'method', accessorFn: lineLabel, header: 'Method' },
    { id: 'amount', accessorKey: 'amount', header: 'Amount', cell: ({ row }) => formatUSD(row.original.amount) },
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: 'Time',
      cell: ({ row }) => formatShop(row.original.created_at, timeZone),
    },
  ];
  if (action)
    cols.push({
      id: 'actions',
      header: '',
      enableSorting: false,
      meta: { csv: false },
      cell: ({ row }) => action(row.original),
    });
  return cols;
}

/** The payments of this invoice (payments, discount and points, as recorded): receipt number, method, amount, time. */
export function PaymentsList({
  payments,
  timeZone,
  number,
}: {
  payments: TransactionRow[];
  timeZone: string;
  number: string;
}) {
  const cols = useMemo(() => columns(timeZone), [timeZone]);
  return (
    <DataTable<TransactionRow>
      data={payments}
      columns={cols}
      name={`Payments of ${number}`}
      getRowId={(t) => t.id}
      compact
      emptyText="No payments yet"
    />
  );
}

/**
 * Print (SPEC §2 "receipt popup"): this invoice's payments with their receipt numbers; each receipt opens as a PDF
 * made on the device (src/pdf receiptPdf), so a receipt can be handed over with the network down.
 */
export function ReceiptsDialog({
  invoice,
  payments,
  settings,
  onClose,
}: {
  invoice: InvoiceRow;
  payments: TransactionRow[];
  settings: ShopSettings;
  onClose: () => void;
}) {
  const repos = useRepos();
  const { busy, open: openPdf } = useOpenPdf();
  const receipts = useMemo(
    () => payments.filter((t) => t.method !== 'discount' && t.method !== 'redemption'),
    [payments],
  );
  const open = useCallback(
    (t: TransactionRow) => openPdf(() => receiptPdfBlob(repos, t, invoice), `receipt-${t.number}.pdf`, t.id),
    [repos, invoice, openPdf],
  );
  const cols = useMemo(
    () =>
      columns(settings.timeZone, (t) => (
        <Button size="xs" variant="outline" loading={busy === t.id} onClick={() => void open(t)}>
          Receipt PDF
        </Button>
      )),
    [settings.timeZone, busy, open],
  );
  const footer = (
    <>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      <Button colorPalette="blue" onClick={() => window.print()}>
        Print
      </Button>
    </>
  );
  return (
    <DialogFrame title="Receipts" testId="receipts-dialog" size="lg" onClose={onClose} footer={footer}>
      {receipts.length === 0 ? (
        <Text>No payments on this invoice yet.</Text>
      ) : (
        <DataTable<TransactionRow>
          data={receipts}
          columns={cols}
          name="Receipts"
          getRowId={(t) => `receipt-${t.id}`}
          compact
        />
      )}
    </DialogFrame>
  );
}
