import { Badge, Button, Link, Stack, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link as RouterLink } from 'react-router-dom';
import { METHOD_COLOR, normaliseMethod } from '../../domain/entities';
import { displayInvoiceNumber } from '../../domain/jobs';
import { MSG } from '../../domain/messages';
import { plainDollars } from '../../domain/money';
import { can } from '../../domain/permissions';
import { refundLine, transactionType } from '../../domain/writes/refunds';
import type { TransactionLine, TransactionSort } from '../../local/repositories/invoicePages';
import { useRepos } from '../data/DataProvider';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { createdColumn, useListUser } from '../ui/list/cells';
import { rowContext } from '../ui/list/rowContext';
import { useConfirmedAction } from '../ui/confirm';
import { Actions, Money } from './tables/parts';
import { actionsColumn } from '../ui/columns';

/**
 * SPEC §2 Transactions (/transactions, level 5): every payment, discount and points redemption on this device with
 * Amount, the Payment type chip (one colour per method, src/domain METHOD_COLOR), Date (shop time), Transaction ID
 * (the receipt number), Invoice ID (a link to /view-invoice?id=) and Points, one page at a time through the sort's
 * index (issue 13); the search finds a receipt by its number. A refund (issue 18) shows its amount below zero in
 * red, 'Refund (<how its money went back>)' as its type with its reason under it, and so in the CSV. Refresh syncs now; Delete asks
 * 'Are you sure you want to remove transaction?' and reverses it through the repository.
 */

type TxRow = TransactionLine;

/**
 * The Payment type chip: one colour per method; a refund reads 'Refund (Cash)', how its money went back, with its
 * reason under it (in the cell, so SPEC's columns stay as they are).
 */
function MethodChip({ t }: { t: Pick<TxRow, 'method' | 'refund_method' | 'reason'> }) {
  const m = normaliseMethod(t.method);
  const palette = m ? METHOD_COLOR[m] : 'gray';
  const chip = (
    <Badge colorPalette={palette} data-method={m ?? t.method} data-palette={palette} variant="solid">
      {transactionType(t)}
    </Badge>
  );
  if (t.method !== 'refund' || !t.reason) return chip;
  return (
    <Stack gap="0.5" align="start">
      {chip}
      <Text fontSize="xs" color="fg.muted" lineClamp={2} data-testid="refund-reason">
        {t.reason}
      </Text>
    </Stack>
  );
}

/** The amount, signed: a refund's money went out, so it shows below zero and in red. */
function AmountCell({ cents }: { cents: number }) {
  return (
    <Text as="span" color={cents < 0 ? 'red.700' : undefined} data-negative={cents < 0 || undefined}>
      <Money cents={cents} />
    </Text>
  );
}

interface Ctx {
  remove(t: TxRow): void;
}
const { context: Cells, useCells: useCtx } = rowContext<Ctx>('Transactions');

const invoiceLabel = (t: TxRow) => (t.invoice_number ? displayInvoiceNumber(t.invoice_number) : t.invoice_id);

function ActionsCell({ t }: { t: TxRow }) {
  const ctx = useCtx();
  const repos = useRepos();
  const allowed = can('transaction.delete', useListUser().level) && t.method !== 'refund';
  // a payment a refund stands on stays (issue 18, domain removalRefusal): Delete is off and says why
  const kept = useLiveQuery(async () => (allowed ? await repos.invoices.whyKept(t) : null), [allowed, repos, t]);
  // a refund stays on its invoice (src/domain/writes/refunds.ts): there is nothing to delete
  if (!allowed) return null;
  return (
    <Actions>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        disabled={Boolean(kept)}
        onClick={() => ctx.remove(t)}
        aria-label={`Delete transaction ${t.number}`}
        aria-describedby={kept ? `kept-${t.id}` : undefined}
      >
        Delete
      </Button>
      {kept && (
        <Text
          id={`kept-${t.id}`}
          fontSize="xs"
          color="fg.muted"
          maxW="16rem"
          whiteSpace="normal"
          data-testid="delete-kept"
        >
          {kept}
        </Text>
      )}
    </Actions>
  );
}

const COLUMNS: ColumnDef<TxRow, unknown>[] = [
  {
    accessorKey: 'amount',
    header: 'Amount',
    cell: ({ row }) => <AmountCell cents={row.original.amount} />,
    enableColumnFilter: false,
    meta: { csv: (t: TxRow) => plainDollars(t.amount), filter: false },
  },
  {
    id: 'method',
    header: 'Payment type',
    accessorFn: transactionType,
    cell: ({ row }) => <MethodChip t={row.original} />,
    // a refund's line says how its money went back and why: 'Refund (Cash): part not fitted'
    meta: { csv: (t: TxRow) => (t.method === 'refund' ? refundLine(t) : transactionType(t)) },
  },
  createdColumn('Date', { filter: false }),
  { accessorKey: 'number', header: 'Transaction ID' },
  {
    id: 'invoice',
    header: 'Invoice ID',
    // the invoice's number is not on the transaction's row: no index sorts by it
    enableSorting: false,
    accessorFn: invoiceLabel,
    cell: ({ row }) => (
      <Link asChild colorPalette="blue" variant="underline">
        <RouterLink to={`/view-invoice?id=${encodeURIComponent(row.original.invoice_id)}`}>
          {invoiceLabel(row.original)}
        </RouterLink>
      </Link>
    ),
  },
  { accessorKey: 'point', header: 'Points', enableColumnFilter: false, meta: { filter: false } },
  actionsColumn(({ row }) => <ActionsCell t={row.original} />, { enableColumnFilter: false, enableHiding: false }),
];

const TRANSACTIONS: ListDeclaration<TxRow, TransactionSort> = {
  title: 'Transactions',
  name: 'transactions',
  pages: (repos) => ({ read: repos.invoices.transactionPage, each: repos.invoices.eachTransaction }),
  defaultSort: { id: 'created_at', desc: true },
  // each reads its own index (src/local/repositories/invoicePages.ts TRANSACTION_SORTS)
  sorts: ['amount', 'method', 'created_at', 'number', 'point'],
  pageSizes: PAGE_SIZES.default,
  columns: COLUMNS,
  refresh: 'transactions',
};

export default function Transactions() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const ctx: Ctx = {
    remove(t) {
      void act({
        title: 'Remove transaction',
        message: MSG.confirmRemoveTransaction,
        confirmLabel: 'Remove',
        danger: true,
        run: () => repos.invoices.removeTransaction(t.id),
        done: `Transaction ${t.number} removed`,
      });
    },
  };
  return <ListScreen list={TRANSACTIONS} cells={{ context: Cells, value: ctx }} />;
}
