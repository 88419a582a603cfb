import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatShop } from '../../domain/dates';
import type { LogLine } from '../../domain/logs';
import { DateCell, IdCell } from './shared';

/**
 * SPEC §2 Activity Log and Inventory Log columns: ID, Subject, Log and Date (the shop's time zone, SPEC §9
 * 'MMM Do YYYY, h:mm:ss a'), plus hidden, searchable columns (who, and what the screen adds) that the Columns menu
 * can show. The Date column sorts by the stored instant; its shown text is searched through a hidden twin.
 */
export function logColumns<T extends LogLine>(
  timeZone: string,
  extra: ColumnDef<T, unknown>[] = [],
): ColumnDef<T, unknown>[] {
  const shown = (at: string) => {
    const d = new Date(at);
    return Number.isNaN(d.getTime()) ? at : formatShop(d, timeZone);
  };
  return [
    { accessorKey: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
    { accessorKey: 'subject', header: 'Subject', cell: ({ row }) => <LongText text={row.original.subject} /> },
    { accessorKey: 'log', header: 'Log', cell: ({ row }) => <LongText text={row.original.log} /> },
    {
      accessorKey: 'created_at',
      header: 'Date',
      enableGlobalFilter: false,
      meta: { csv: (r: T) => shown(r.created_at) },
      cell: ({ row }) => <DateCell at={row.original.created_at} timeZone={timeZone} />,
    },
    {
      id: 'date_text',
      header: 'Date (text)',
      accessorFn: (r) => shown(r.created_at),
      meta: { hidden: true, csv: false },
    },
    { accessorKey: 'username', header: 'By', meta: { hidden: true } },
    ...extra,
  ];
}

/** a log's text breaks anywhere (ids, e-mails, numbers run together) so the table fits a tablet's width */
function LongText({ text }: { text: string }) {
  return (
    <Text as="span" overflowWrap="anywhere">
      {text}
    </Text>
  );
}

export const NEWEST_FIRST = [{ id: 'created_at', desc: true }];
