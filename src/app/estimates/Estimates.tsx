import { Heading, Stack } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { plainDollars } from '../../domain/money';
import { can } from '../../domain/permissions';
import type { EstimateRow } from '../../local/repositories/estimates';
import { useRepos } from '../data/DataProvider';
import { estimatePdfBlob } from '../ui/documents';
import { tableContext } from '../invoices/tables/context';
import { DocumentActions, Money, ShopTime } from '../invoices/tables/parts';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { useSession } from '../session/session';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { useConfirmedAction } from '../ui/confirm';
import { actionsColumn } from '../ui/columns';

/**
 * SPEC §2 Estimates table (/view-estimates, level 4+): every estimate on this device with number, name, total and
 * created (shop time); View PDF (built offline), Edit (→ /view-estimate?id=, above level 3) and Delete (level 3+,
 * confirmed; DELETE /estimate through the repository).
 */

/** every estimate the device holds (the repository's default stops at 500) */
const LIST_LIMIT = 100_000;

const estimateNumber = (e: Pick<EstimateRow, 'number'>) => `EST ${e.number}`;
const estimateName = (e: EstimateRow) => `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim();

interface Ctx {
  level: number;
  timeZone: string;
  makePdf(e: EstimateRow): Promise<Blob>;
  remove(e: EstimateRow): void;
}
const { Provider: TableCtx, useTableCtx: useCtx } = tableContext<Ctx>('Estimates');

function CreatedCell({ e }: { e: EstimateRow }) {
  const { timeZone } = useCtx();
  return <ShopTime at={e.created_at} timeZone={timeZone} />;
}

function ActionsCell({ e }: { e: EstimateRow }) {
  const ctx = useCtx();
  return (
    <DocumentActions
      number={estimateNumber(e)}
      makePdf={() => ctx.makePdf(e)}
      editTo={`/view-estimate?id=${encodeURIComponent(e.id)}`}
      canEdit={can('estimate.edit', ctx.level)}
      canDelete={can('estimate.delete', ctx.level)}
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
  {
    accessorKey: 'created_at',
    header: 'Created',
    cell: ({ row }) => <CreatedCell e={row.original} />,
    meta: { filter: false, priority: 2 },
  },
  actionsColumn(({ row }) => <ActionsCell e={row.original} />, { enableColumnFilter: false, enableHiding: false }),
];

export default function Estimates() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const level = useSession()?.permission ?? 0;
  const timeZone = useShopTimeZone();
  const rows = useLiveQuery(() => repos.estimates.list({ limit: LIST_LIMIT }), [repos]);

  const ctx: Ctx = {
    level,
    timeZone,
    makePdf: (e) => estimatePdfBlob(repos, e),
    async remove(e) {
      const number = estimateNumber(e);
      const who = estimateName(e);
      await act({
        title: 'Delete estimate',
        message: `Delete ${number}${who ? ` for ${who}` : ''}?`,
        confirmLabel: 'Delete',
        danger: true,
        run: () => repos.estimates.remove(e.id),
        done: `${number} deleted`,
      });
    },
  };

  const data = useMemo(() => rows ?? [], [rows]);

  return (
    <Stack gap="4">
      <Heading size="xl">Estimates</Heading>
      <TableCtx value={ctx}>
        <DataTable<EstimateRow>
          name="estimates"
          data={data}
          columns={COLUMNS}
          getRowId={(e) => e.id}
          pageSizes={PAGE_SIZES.default}
          loading={rows === undefined}
        />
      </TableCtx>
    </Stack>
  );
}
