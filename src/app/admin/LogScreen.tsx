import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { LogLine } from '../../domain/logs';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { logColumns } from './logColumns';

/**
 * The one log screen (Activity Log, Inventory Log): a list screen whose columns are logColumns' in the shop's time zone,
 * so it opens offline at any size and grows as the pull brings new entries. `list`, `extra` and `filterSubject` must
 * be module constants.
 */
export function LogScreen<T extends LogLine, S extends string>({
  list,
  extra,
  filterSubject,
}: {
  list: ListDeclaration<T, S>;
  extra: ColumnDef<T, unknown>[];
  /** whether the Subject is on the row, for its column's filter (the Inventory Log's is its product's title) */
  filterSubject: boolean;
}) {
  const timeZone = useShopTimeZone();
  const columns = useMemo(
    () => logColumns<T>(timeZone, extra, { sorts: list.sorts, filterSubject }),
    [timeZone, extra, list, filterSubject],
  );
  return <ListScreen list={list} columns={columns} />;
}
