import { Box, Heading } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { LogLine } from '../../domain/logs';
import type { PageKey } from '../../local/paging';
import type { Repositories } from '../../local/repositories';
import { useRepos } from '../data/DataProvider';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { useKeysetPages, type KeysetPage, type KeysetRequest } from '../ui/useKeysetPages';
import { logColumns, type LogTableOptions } from './logColumns';

/** How a log screen reads its pages: a page for the table, every match a chunk at a time for Export CSV. */
export interface LogReader<T, S extends string> {
  read(q: KeysetRequest<S, PageKey>): Promise<KeysetPage<T, PageKey>>;
  each(q: Omit<KeysetRequest<S, PageKey>, 'limit' | 'after' | 'before'>, write: (rows: T[]) => void): Promise<void>;
}

const NEWEST_FIRST = { id: 'created_at', desc: true } as const;

/**
 * The one log screen (Activity Log, Inventory Log): the device's copy of a log read one page at a time through the
 * repositories (issue 13), newest first, as logColumns shows it, so it opens offline at any size and grows as the
 * pull brings new entries. `reader`, `extra` and `options` must be module constants.
 */
export function LogScreen<T extends LogLine, S extends string>({
  title,
  reader,
  extra,
  options,
}: {
  title: string;
  reader: (repos: Repositories) => LogReader<T, S>;
  extra: ColumnDef<T, unknown>[];
  options: LogTableOptions & { sorts: readonly S[] };
}) {
  const repos = useRepos();
  const timeZone = useShopTimeZone();
  const { read, each } = useMemo(() => reader(repos), [reader, repos]);
  const table = useKeysetPages({
    read,
    each,
    defaultSort: NEWEST_FIRST as { id: S; desc: boolean },
    sorts: options.sorts,
    pageSize: PAGE_SIZES.default[0],
  });
  const columns = useMemo(() => logColumns<T>(timeZone, extra, options), [timeZone, extra, options]);
  return (
    <Box>
      <Heading size="lg" mb="4">
        {title}
      </Heading>
      <DataTable<T>
        name={title}
        data={table.rows}
        columns={columns}
        getRowId={(r) => r.id}
        pageSizes={PAGE_SIZES.default}
        loading={table.loading}
        manual={table.manual}
        exportRows={table.exportRows}
      />
    </Box>
  );
}
