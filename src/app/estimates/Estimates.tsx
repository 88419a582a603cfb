import type { ColumnDef } from '@tanstack/react-table';
import { estimateName, estimateNumber } from '../../domain/invoiceFields';
import { plainDollars } from '../../domain/money';
import { can } from '../../domain/permissions';
import type { EstimateRow } from '../../local/repositories/estimates';
import type { EstimateSort } from '../../local/repositories/estimatePages';
import { useRepos } from '../data/DataProvider';
import { estimatePdfBlob } from '../ui/documents';
import { DocumentActions, Money } from '../invoices/tables/parts';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { createdColumn, useListUser } from '../ui/list/cells';
import { rowContext } from '../ui/list/rowContext';
import { useConfirmedAction } from '../ui/confirm';
import { actionsColumn } from '../ui/columns';

/**
 * SPEC §2 Estimates table (/view-estimates, level 4+): every estimate on this device with number, name, total and
 * created (shop time), one page at a time through the sort's index (issue 13); View PDF (built offline), Edit (→ /view-estimate?id=, above level 3) and Delete (level 3+,
 * confirmed; DELETE /estimate through the repository).
 */

interface Ctx {
  makePdf(e: EstimateRow): Promise<Blob>;
  remove(e: EstimateRow): void;
}
const { context: Cells, useCells: useCtx } = rowContext<Ctx>('Estimates');

function ActionsCell({ e }: { e: EstimateRow }) {
  const ctx = useCtx();
  const { level } = useListUser();
  return (
    <DocumentActions
      number={estimateNumber(e)}
      makePdf={() => ctx.makePdf(e)}
      editTo={`/view-estimate?id=${encodeURIComponent(e.id)}`}
      canEdit={can('estimate.edit', level)}
      canDelete={can('estimate.delete', level)}
      onDelete={() => ctx.remove(e)}
    />
  );
}

const COLUMNS: ColumnDef<EstimateRow, unknown>[] = [
  { id: 'number', header: 'Number', accessorFn: estimateNumber },
  { id: 'name', header: 'Name', accessorFn: estimateName },
  {
    accessorKey: 'total',
    header: 'Total',
    cell: ({ row }) => <Money cents={row.original.total} />,
    enableColumnFilter: false,
    meta: { csv: (e: EstimateRow) => plainDollars(e.total), filter: false },
  },
  createdColumn('Created', { filter: false, priority: 2 }),
  actionsColumn(({ row }) => <ActionsCell e={row.original} />, { enableColumnFilter: false, enableHiding: false }),
];

const ESTIMATES: ListDeclaration<EstimateRow, EstimateSort> = {
  title: 'Estimates',
  name: 'estimates',
  pages: (repos) => ({ read: repos.estimates.page, each: repos.estimates.eachMatching }),
  defaultSort: { id: 'created_at', desc: true },
  // each reads its own index (src/local/repositories/estimatePages.ts ESTIMATE_SORTS)
  sorts: ['number', 'name', 'total', 'created_at'],
  pageSizes: PAGE_SIZES.default,
  columns: COLUMNS,
};

export default function Estimates() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const ctx: Ctx = {
    makePdf: (e) => estimatePdfBlob(repos, e),
    remove(e) {
      const number = estimateNumber(e);
      const who = estimateName(e);
      void act({
        title: 'Delete estimate',
        message: `Delete ${number}${who ? ` for ${who}` : ''}?`,
        confirmLabel: 'Delete',
        danger: true,
        run: () => repos.estimates.remove(e.id),
        done: `${number} deleted`,
      });
    },
  };
  return <ListScreen list={ESTIMATES} cells={{ context: Cells, value: ctx }} />;
}
