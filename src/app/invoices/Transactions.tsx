import { Badge, Button, Heading, Link, Stack } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { METHOD_COLOR, METHOD_LABELS, normaliseMethod } from '../../domain/entities';
import { displayInvoiceNumber } from '../../domain/jobs';
import { MSG } from '../../domain/messages';
import { plainDollars } from '../../domain/money';
import { can } from '../../domain/permissions';
import type { TransactionRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { useSession } from '../session/session';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { useConfirmedAction } from '../ui/confirm';
import { tableContext } from './tables/context';
import { Actions, Money, ShopTime } from './tables/parts';
import { actionsColumn } from '../ui/columns';
import { useRefresh } from '../ui/refresh';

/**
 * SPEC §2 Transactions (/transactions, level 5): every payment, discount and points redemption on this device with
 * Amount, the Payment type chip (one colour per method, src/domain METHOD_COLOR), Date (shop time), Transaction ID
 * (the receipt number), Invoice ID (a link to /view-invoice?id=) and Points. Refresh syncs now; Delete asks
 * 'Are you sure you want to remove transaction?' and reverses it through the repository.
 */

/** A transaction with the number of its invoice, when this device holds the invoice. */
type TxRow = TransactionRow & { invoice_number: string | null };

/** every transaction the device holds, newest first */
const LIST_LIMIT = 100_000;

export function MethodChip({ method }: { method: string }) {
  const m = normaliseMethod(method);
  const palette = m ? METHOD_COLOR[m] : 'gray';
  return (
    <Badge colorPalette={palette} data-method={m ?? method} data-palette={palette} variant="solid">
      {m ? METHOD_LABELS[m] : method}
    </Badge>
  );
}

interface Ctx {
  level: number;
  timeZone: string;
  remove(t: TxRow): void;
}
const { Provider: TableCtx, useTableCtx: useCtx } = tableContext<Ctx>('Transactions');

function DateCell({ t }: { t: TxRow }) {
  const { timeZone } = useCtx();
  return <ShopTime at={t.created_at} timeZone={timeZone} />;
}

const invoiceLabel = (t: TxRow) => (t.invoice_number ? displayInvoiceNumber(t.invoice_number) : t.invoice_id);

function ActionsCell({ t }: { t: TxRow }) {
  const ctx = useCtx();
  if (!can('transaction.delete', ctx.level)) return null;
  return (
    <Actions>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={() => ctx.remove(t)}
        aria-label={`Delete transaction ${t.number}`}
      >
        Delete
      </Button>
    </Actions>
  );
}

const COLUMNS: ColumnDef<TxRow, unknown>[] = [
  {
    accessorKey: 'amount',
    header: 'Amount',
    cell: ({ row }) => <Money cents={row.original.amount} />,
    enableColumnFilter: false,
    meta: { csv: (t: TxRow) => plainDollars(t.amount), filter: false },
  },
  {
    id: 'method',
    header: 'Payment type',
    accessorFn: (t) => {
      const m = normaliseMethod(t.method);
      return m ? METHOD_LABELS[m] : t.method;
    },
    cell: ({ row }) => <MethodChip method={row.original.method} />,
  },
  {
    accessorKey: 'created_at',
    header: 'Date',
    cell: ({ row }) => <DateCell t={row.original} />,
    meta: { filter: false },
  },
  { accessorKey: 'number', header: 'Transaction ID' },
  {
    id: 'invoice',
    header: 'Invoice ID',
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

export default function Transactions() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const level = useSession()?.permission ?? 0;
  const timeZone = useShopTimeZone();
  const { refreshing, refresh } = useRefresh('transactions');

  const rows = useLiveQuery(async () => {
    const txs = await repos.invoices.recentTransactions(LIST_LIMIT);
    const ids = [...new Set(txs.map((t) => t.invoice_id))];
    const invoices = await Promise.all(ids.map((id) => repos.invoices.get(id)));
    const numbers = new Map(ids.map((id, i) => [id, invoices[i]?.number ?? null]));
    return txs.map((t): TxRow => ({ ...t, invoice_number: numbers.get(t.invoice_id) ?? null }));
  }, [repos]);

  const ctx: Ctx = {
    level,
    timeZone,
    async remove(t) {
      await act({
        title: 'Remove transaction',
        message: MSG.confirmRemoveTransaction,
        confirmLabel: 'Remove',
        danger: true,
        run: () => repos.invoices.removeTransaction(t.id),
        done: `Transaction ${t.number} removed`,
      });
    },
  };

  const data = useMemo(() => rows ?? [], [rows]);

  return (
    <Stack gap="4">
      <Heading size="xl">Transactions</Heading>
      <TableCtx value={ctx}>
        <DataTable<TxRow>
          name="transactions"
          data={data}
          columns={COLUMNS}
          getRowId={(t) => t.id}
          pageSizes={PAGE_SIZES.default}
          loading={rows === undefined}
          toolbar={
            <Button size="sm" variant="outline" onClick={() => void refresh()} loading={refreshing}>
              Refresh
            </Button>
          }
        />
      </TableCtx>
    </Stack>
  );
}
