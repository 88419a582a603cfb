import { Box, Heading } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { LogLine } from '../../domain/logs';
import type { Repositories } from '../../local/repositories';
import { useRepos } from '../data/DataProvider';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { NEWEST_FIRST, logColumns } from './logColumns';

/**
 * The one log screen (Activity Log, Inventory Log): the device's copy of a log read live through the repositories,
 * shown with logColumns newest first, so it opens offline and grows as the pull brings new entries.
 * `extra` (the screen's hidden columns) must be a module constant.
 */
export function LogScreen<T extends LogLine>({
  title,
  read,
  extra,
}: {
  title: string;
  read: (repos: Repositories) => Promise<T[]>;
  extra: ColumnDef<T, unknown>[];
}) {
  const repos = useRepos();
  const timeZone = useShopTimeZone();
  const rows = useLiveQuery(() => read(repos), [repos, read]);
  const data = useMemo(() => rows ?? [], [rows]);
  const columns = useMemo(() => logColumns<T>(timeZone, extra), [timeZone, extra]);
  return (
    <Box>
      <Heading size="lg" mb="4">
        {title}
      </Heading>
      <DataTable<T>
        name={title}
        data={data}
        columns={columns}
        getRowId={(r) => r.id}
        pageSizes={PAGE_SIZES.default}
        initialSorting={NEWEST_FIRST}
        loading={rows === undefined}
      />
    </Box>
  );
}
