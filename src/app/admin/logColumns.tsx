import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatShop } from '../../domain/dates';
import { lineTime, syncedNote, type LogLine } from '../../domain/logs';
import { DateCell, IdCell } from './shared';

/**
 * SPEC §2 Activity Log and Inventory Log columns: ID, Subject, Log and Date (the shop's time zone, SPEC §9
 * 'MMM Do YYYY, h:mm:ss a'; an Activity Log line's is when it was done), plus hidden, searchable columns (who, and
 * what the screen adds) that the Columns menu can show. The Date column sorts by the stored instant; its shown text
 * is also a hidden column.
 */
export function logColumns<T extends LogLine>(
  timeZone: string,
  extra: ColumnDef<T, unknown>[],
  opts: LogTableOptions,
): ColumnDef<T, unknown>[] {
  const shown = (at: string) => {
    const d = new Date(at);
    return Number.isNaN(d.getTime()) ? at : formatShop(d, timeZone);
  };
  const columns: ColumnDef<T, unknown>[] = [
    { accessorKey: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    {
      accessorKey: 'subject',
      header: 'Subject',
      enableColumnFilter: opts.filterSubject,
      cell: ({ row }) => <LongText text={row.original.subject} />,
    },
    { accessorKey: 'log', header: 'Log', cell: ({ row }) => <LongText text={row.original.log} /> },
    {
      accessorKey: 'created_at',
      header: 'Date',
      enableGlobalFilter: false,
      meta: { csv: (r: T) => shown(lineTime(r)) },
      cell: ({ row }) => <LineDate line={row.original} timeZone={timeZone} />,
    },
    {
      id: 'date_text',
      header: 'Date (text)',
      accessorFn: (r) => shown(lineTime(r)),
      // the shown text is not stored: the Date column sorts, the search finds the entry by its words
      enableColumnFilter: false,
      meta: { hidden: true, csv: false },
    },
    { accessorKey: 'username', header: 'By', meta: { hidden: true } },
    ...extra,
  ];
  // a column sorts when an index reads it (src/local/repositories/logPages.ts)
  return columns.map((c) => ({ ...c, enableSorting: opts.sorts.includes(columnId(c)) }));
}

const columnId = <T,>(c: ColumnDef<T, unknown>) =>
  c.id ?? ('accessorKey' in c && typeof c.accessorKey === 'string' ? c.accessorKey : '');

export interface LogTableOptions {
  /** the columns an index sorts by */
  sorts: readonly string[];
  /** whether the Subject is on the row, for its column's filter (the Inventory Log's is its product's title) */
  filterSubject: boolean;
}

/**
 * When the line was done (on the device, where the server knows: issue 30), and under it when the server received it
 * where that was notably later ('synced 01:12'): offline work reads as the time it was done, not the time it synced.
 */
function LineDate({ line, timeZone }: { line: LogLine; timeZone: string }) {
  const synced = syncedNote(line, timeZone);
  return (
    <>
      <DateCell at={lineTime(line)} timeZone={timeZone} />
      {synced && (
        <Text as="span" display="block" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {synced}
        </Text>
      )}
    </>
  );
}

/** a log's text breaks anywhere (ids, e-mails, numbers run together) so the table fits a tablet's width */
function LongText({ text }: { text: string }) {
  return (
    <Text as="span" overflowWrap="anywhere">
      {text}
    </Text>
  );
}
