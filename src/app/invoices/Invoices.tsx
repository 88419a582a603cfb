import { SimpleGrid } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { displayInvoiceNumber } from '../../domain/jobs';
import { plainDollars } from '../../domain/money';
import { can } from '../../domain/permissions';
import { PAID_SUMMARY_DAYS, invoiceSummary } from '../../domain/reports';
import { isPaid } from '../../domain/totals';
import type { InvoiceRow } from '../../local/db';
import type { InvoiceFilter, InvoiceSort } from '../../local/repositories/invoicePages';
import { useRepos } from '../data/DataProvider';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { createdColumn, useListUser } from '../ui/list/cells';
import { rowContext } from '../ui/list/rowContext';
import { useConfirmedAction } from '../ui/confirm';
import { invoicePdfBlob } from '../ui/documents';
import { customerName, invoiceTotal } from '../../domain/invoiceFields';
import { DocumentActions, Money, PaidBadge, SummaryCard } from './tables/parts';
import { actionsColumn } from '../ui/columns';
import type { ColumnPriority } from '../ui/columnPriority';

/**
 * SPEC §2 Invoices table (/view-invoices; menu level 4+): the paid (last 7 days) and unpaid summary cards, filters
 * All, Due and Paid, and every invoice on this device, one page at a time through the sort's index (issue 13) — its total as charged (after the discount and points), the
 * discount, what was paid and the amount (balance) due — with View PDF (built offline), Edit (→ /view-invoice?id=,
 * level 4+) and Delete (level 5, only while an amount is due; confirmed; the repository's refusal shown as it is).
 */

const CARDS_REFRESH_MS = 5 * 60_000;

interface Ctx {
  makePdf(inv: InvoiceRow): Promise<Blob>;
  remove(inv: InvoiceRow): void;
}
const { context: Cells, useCells: useCtx } = rowContext<Ctx>('Invoices');

function ActionsCell({ inv }: { inv: InvoiceRow }) {
  const ctx = useCtx();
  const { level } = useListUser();
  return (
    <DocumentActions
      number={displayInvoiceNumber(inv.number)}
      makePdf={() => ctx.makePdf(inv)}
      editTo={`/view-invoice?id=${encodeURIComponent(inv.id)}`}
      canEdit={can('invoice.edit', level)}
      canDelete={can('invoice.delete', level) && !isPaid(inv.total)}
      onDelete={() => ctx.remove(inv)}
    />
  );
}

const money = (
  pick: (i: InvoiceRow) => number,
  id: string,
  header: string,
  priority?: ColumnPriority,
): ColumnDef<InvoiceRow, unknown> => ({
  id,
  header,
  accessorFn: pick,
  cell: ({ row }) => <Money cents={pick(row.original)} />,
  enableColumnFilter: false,
  meta: { csv: (i: InvoiceRow) => plainDollars(pick(i)), filter: false, priority },
});

const COLUMNS: ColumnDef<InvoiceRow, unknown>[] = [
  { id: 'number', header: 'Number', accessorFn: (i) => displayInvoiceNumber(i.number) },
  { id: 'customer', header: 'Customer', accessorFn: customerName },
  { accessorKey: 'registration', header: 'Registration', meta: { priority: 2 } },
  createdColumn('Created', { filter: false, priority: 3 }),
  // the figure on the invoice (after the discount and points), with the discount beside it
  // on a tablet the amount due, its status and the actions stay; the other figures show from a desk's width
  money(invoiceTotal, 'invoice_total', 'Total', 3),
  money((i) => i.discount ?? 0, 'discount', 'Discount', 3),
  money((i) => i.payment, 'payment', 'Paid', 3),
  money((i) => i.total, 'due', 'Amount due'),
  {
    id: 'status',
    header: 'Status',
    accessorFn: (i) => (isPaid(i.total) ? 'Paid' : 'Due'),
    cell: ({ row }) => <PaidBadge due={row.original.total} />,
  },
  actionsColumn(({ row }) => <ActionsCell inv={row.original} />, { enableColumnFilter: false, enableHiding: false }),
];

/**
 * The cards: "paid" is the last 7 days from now (SPEC §9), "unpaid" all that are due, read by their index; the
 * window moves on every few minutes even when nothing is written.
 */
function useSummary() {
  const repos = useRepos();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), CARDS_REFRESH_MS);
    return () => clearInterval(t);
  }, []);
  return useLiveQuery(async () => {
    const now = new Date();
    return invoiceSummary(await repos.invoices.forSummary(now), now);
  }, [repos, tick]);
}

/** Paid (last 7 days) and Unpaid: how many and how much. */
function SummaryCards() {
  const summary = useSummary();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" maxW="3xl">
      <SummaryCard
        testId="card-paid"
        label="Paid"
        help={`last ${PAID_SUMMARY_DAYS} days`}
        count={summary?.paid.count}
        sum={summary?.paid.sum}
        palette="green"
      />
      <SummaryCard
        testId="card-unpaid"
        label="Unpaid"
        help="amount due"
        count={summary?.unpaid.count}
        sum={summary?.unpaid.sum}
        palette="red"
      />
    </SimpleGrid>
  );
}

const INVOICES: ListDeclaration<InvoiceRow, InvoiceSort, InvoiceFilter> = {
  title: 'Invoices',
  name: 'invoices',
  pages: (repos, filter) => ({
    read: (q) => repos.invoices.page({ ...q, filter }),
    each: (q, write) => repos.invoices.eachMatching({ ...q, filter }, write),
  }),
  defaultSort: { id: 'created_at', desc: true },
  // each reads its own index (src/local/repositories/invoicePages.ts INVOICE_SORTS)
  sorts: ['number', 'customer', 'registration', 'created_at', 'invoice_total', 'discount', 'payment', 'due', 'status'],
  pageSizes: PAGE_SIZES.default,
  columns: COLUMNS,
  filter: {
    label: 'Invoice filter',
    choices: [
      { value: 'all', label: 'All' },
      { value: 'due', label: 'Due' },
      { value: 'paid', label: 'Paid' },
    ],
  },
};

export default function Invoices() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const ctx: Ctx = {
    makePdf: (inv) => invoicePdfBlob(repos, inv),
    remove(inv) {
      const number = displayInvoiceNumber(inv.number);
      const who = customerName(inv);
      void act({
        title: 'Delete invoice',
        message: `Delete ${number}${who ? ` for ${who}` : ''}? Its products go back to stock and it is taken off its job.`,
        confirmLabel: 'Delete',
        danger: true,
        run: () => repos.invoices.remove(inv.id),
        done: `${number} deleted`,
      });
    },
  };
  return <ListScreen list={INVOICES} cells={{ context: Cells, value: ctx }} above={<SummaryCards />} />;
}
