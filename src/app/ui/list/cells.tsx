import { Text } from '@chakra-ui/react';
import type { ColumnDef, ColumnMeta } from '@tanstack/react-table';
import { formatShop } from '../../../domain/dates';
import { rowContext } from './rowContext';

/** Who reads a list: the signed-in level (what a row offers) and the shop's time zone (its dates), read once a screen. */
export interface ListUser {
  level: number;
  timeZone: string;
}
export const { context: ListUserContext, useCells: useListUser } = rowContext<ListUser>('List');

/** A row's time in the shop's time zone (SPEC §9 'MMM Do YYYY, h:mm:ss a'). */
function ShopTimeCell({ at }: { at: string | null | undefined }) {
  const { timeZone } = useListUser();
  return <Text whiteSpace="nowrap">{at ? formatShop(at, timeZone) : ''}</Text>;
}

/** The column of when a row was made, shown in the shop's time zone, sorted and exported by the stored instant. */
export function createdColumn<T extends { created_at?: string | null }>(
  header: string,
  meta: ColumnMeta<T, unknown>,
): ColumnDef<T, unknown> {
  return {
    id: 'created_at',
    header,
    accessorFn: (r) => r.created_at,
    cell: ({ row }) => <ShopTimeCell at={row.original.created_at} />,
    meta,
  };
}
