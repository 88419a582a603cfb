import { Box, Heading, Stack } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type Context, type ReactNode } from 'react';
import type { PageKey } from '../../../local/paging';
import type { Repositories } from '../../../local/repositories';
import { useRepos } from '../../data/DataProvider';
import { useLevel } from '../../session/useLevel';
import { DataTable } from '../DataTable';
import type { RowMarks } from '../table/bodyCss';
import { useKeysetPages, type KeysetPage, type KeysetRequest } from '../useKeysetPages';
import { useShopTimeZone } from '../useShopTimeZone';
import { ListUserContext } from './cells';
import { FilterButtons, RefreshButton, type FilterChoice } from './toolbar';

/** How a list reads: a page for the table, every match a chunk at a time for Export CSV. */
export interface ListPages<T, S extends string> {
  read(q: KeysetRequest<S, PageKey>): Promise<KeysetPage<T, PageKey>>;
  each(q: Omit<KeysetRequest<S, PageKey>, 'limit' | 'after' | 'before'>, write: (rows: T[]) => void): Promise<void>;
}

/**
 * A list screen, declared (docs/ARCHITECTURE.md "List screens"): what it is called, how it reads its pages, how it
 * sorts and what it shows. A module constant, so the reads and columns stay the same from one render to the next.
 */
export interface ListDeclaration<T, S extends string, F extends string = string> {
  /** the heading */
  title: string;
  /** the table's accessible name, its test id and the CSV file's name (the title where not given) */
  name?: string;
  /** the repositories' page and export reads, with the screen's filter where it has one */
  pages: (repos: Repositories, filter: F | undefined) => ListPages<T, S>;
  /** the order before the user picks one, and the columns that sort (each reads its own index) */
  defaultSort: { id: S; desc: boolean };
  sorts: readonly S[];
  /** SPEC §9's rows-per-page choices, the first shown at first (PAGE_SIZES) */
  pageSizes: readonly [number, ...number[]];
  /** the columns, where they are the same for every user (else the screen gives them) */
  columns?: ColumnDef<T, unknown>[];
  /** coloured rows (blocked customers, low stock) */
  rowMarks?: RowMarks<T>;
  /** a Refresh button that syncs now; the words say what an offline refresh shows ('customers') */
  refresh?: string;
  /** the screen's own filter buttons (All, Due, Paid): the first is picked at first */
  filter?: { label: string; choices: readonly FilterChoice<F>[] };
}

/** What the rows' cells read from their screen (the level, the row actions, an inline edit), and its value. */
export interface ListCells<C> {
  context: Context<C | null>;
  value: C;
}

export interface ListScreenProps<T, S extends string, F extends string, C> {
  list: ListDeclaration<T, S, F>;
  /** the columns when they depend on the user (a level, the time zone): memoised by the screen */
  columns?: ColumnDef<T, unknown>[];
  cells?: ListCells<C>;
  /** the screen's own buttons beside the search (Add…) */
  toolbar?: ReactNode;
  /** what stands between the heading and the table (the Invoices' summary cards) */
  above?: ReactNode;
  /** what the screen opens over the list (its dialogs) */
  children?: ReactNode;
}

/**
 * The one list screen (Customers, Estimates, Invoices, Transactions, Product List, Products, Suppliers, Members and
 * the logs): the heading, then the paged table (useKeysetPages: one page at a time through the sort's index, issue 13)
 * with its search, per-column filters, Columns menu, Export CSV of every match and the pager's "of N" — DataTable's —
 * and the declaration's Refresh and filter buttons beside the screen's own. Every cell may ask for the signed-in level
 * and the shop's time zone (useListUser), read once for the screen.
 */
export function ListScreen<T extends { id: string }, S extends string, F extends string = string, C = never>(
  props: ListScreenProps<T, S, F, C>,
) {
  const { list, cells } = props;
  const repos = useRepos();
  const [filter, setFilter] = useState<F | undefined>(list.filter?.choices[0]?.value);
  const { read, each } = useMemo(() => list.pages(repos, filter), [list, repos, filter]);
  const table = useKeysetPages({
    read,
    each,
    defaultSort: list.defaultSort,
    sorts: list.sorts,
    pageSize: list.pageSizes[0],
  });
  const pick = (f: F) => {
    setFilter(f);
    table.manual.onPaginationChange({ pageIndex: 0, pageSize: table.manual.pagination.pageSize });
  };
  const level = useLevel();
  const timeZone = useShopTimeZone();
  const user = useMemo(() => ({ level, timeZone }), [level, timeZone]);
  const name = list.name ?? list.title;
  const grid = (
    <DataTable<T>
      name={name}
      data={table.rows}
      columns={props.columns ?? list.columns ?? []}
      getRowId={(r) => r.id}
      pageSizes={list.pageSizes}
      rowMarks={list.rowMarks}
      loading={table.loading}
      manual={table.manual}
      exportRows={table.exportRows}
      toolbar={
        <>
          {list.filter && filter !== undefined && (
            <FilterButtons label={list.filter.label} choices={list.filter.choices} picked={filter} onPick={pick} />
          )}
          {list.refresh && <RefreshButton what={list.refresh} />}
          {props.toolbar}
        </>
      }
    />
  );
  return (
    <Stack gap="4">
      <Heading size="lg">{list.title}</Heading>
      {props.above}
      <ListUserContext value={user}>
        <Box>{cells ? <cells.context value={cells.value}>{grid}</cells.context> : grid}</Box>
      </ListUserContext>
      {props.children}
    </Stack>
  );
}
