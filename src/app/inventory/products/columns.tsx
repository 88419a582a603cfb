import { Button, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import { formatUSD, plainDollars } from '../../../domain/money';
import { STOCK_COLOR, stockLevel } from '../../../domain/stock';
import type { ListedProduct, ProductSort } from '../../../local/repositories/productPages';
import { ProductThumb } from './photos';
import { actionsColumn } from '../../ui/columns';
import { RowButtons } from '../../ui/list/RowButtons';
import { rowTints, type RowMarks } from '../../ui/table/bodyCss';

/** A product as the inventory table shows it: the supplier's name joined from the device's suppliers. */
export type InventoryRow = ListedProduct;

/** The columns that sort: each reads its own index (src/local/repositories/productPages.ts PRODUCT_SORTS). */
export const PRODUCT_TABLE_SORTS: readonly ProductSort[] = [
  'title',
  'description',
  'price',
  'stock',
  'low_stock',
  'cost',
];
export const TITLE_ORDER = { id: 'title', desc: false } as const;

export interface RowActions {
  edit(p: InventoryRow): void;
  receive(p: InventoryRow): void;
  remove(p: InventoryRow): void;
}
export const ActionsCtx = createContext<RowActions | null>(null);

function ActionsCell({ row }: { row: InventoryRow }) {
  const ctx = useContext(ActionsCtx);
  if (!ctx) return null;
  return (
    <RowButtons what={row.title} size="xs" onEdit={() => ctx.edit(row)} onDelete={() => ctx.remove(row)}>
      <Button size="xs" variant="outline" onClick={() => ctx.receive(row)} aria-label={`Receive ${row.title}`}>
        Receive
      </Button>
    </RowButtons>
  );
}

const money = (v: number) => (
  <Text as="span" whiteSpace="nowrap">
    {formatUSD(v)}
  </Text>
);

/** Photo, title, description, price, stock for everyone (level 4+); low stock, cost, supplier and actions at level 5. */
export function inventoryColumns(manage: boolean): ColumnDef<InventoryRow, unknown>[] {
  const cols: ColumnDef<InventoryRow, unknown>[] = [
    {
      id: 'photo',
      header: 'Photo',
      enableSorting: false,
      enableGlobalFilter: false,
      meta: { csv: false, filter: false, priority: 2 },
      cell: ({ row }) => <ProductThumb productId={row.original.id} title={row.original.title} />,
    },
    { accessorKey: 'title', header: 'Title' },
    { accessorKey: 'description', header: 'Description', meta: { priority: 3 } },
    {
      accessorKey: 'price',
      header: 'Price',
      cell: ({ row }) => money(row.original.price),
      meta: { csv: (p) => plainDollars(p.price) },
    },
    { accessorKey: 'stock', header: 'Stock' },
  ];
  if (!manage) return cols;
  return [
    ...cols,
    { accessorKey: 'low_stock', header: 'Low Stock', meta: { priority: 3 } },
    {
      accessorKey: 'cost',
      header: 'Cost',
      cell: ({ row }) => money(row.original.cost ?? 0),
      meta: { csv: (p) => plainDollars(p.cost ?? 0), priority: 3 },
    },
    // a name from another table: no index sorts, searches or filters the products by it
    {
      accessorKey: 'supplier_name',
      header: 'Supplier',
      enableSorting: false,
      enableColumnFilter: false,
      meta: { priority: 3, filter: false },
    },
    actionsColumn(({ row }) => <ActionsCell row={row.original} />),
  ];
}

/** SPEC §2: amber at or below low stock and above 0, pink at 0 or less (the domain's stockLevel). */
export const STOCK_ROWS: RowMarks<{ stock: number; low_stock: number }> = {
  attrs: (p) => {
    const level = stockLevel(p);
    return level === 'ok' ? undefined : { 'data-stock': level };
  },
  css: rowTints(
    'data-stock',
    Object.fromEntries(Object.entries(STOCK_COLOR).map(([level, c]) => [level, { bg: `${c}.100`, hover: `${c}.200` }])),
  ),
};
