import { Field, Input, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import type { InferType } from 'yup';
import { formatUSD, plainDollars } from '../../domain/money';
import { can } from '../../domain/permissions';
import { simpleProductSchema } from '../../domain/schemas';
import type { ProductRow } from '../../local/db';
import type { ProductSort } from '../../local/repositories/productPages';
import { useLevel } from '../session/useLevel';
import { useRepos } from '../data/DataProvider';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { RowButtons, SaveCancelButtons } from '../ui/list/RowButtons';
import { useRowEdit, type RowEdit } from '../ui/list/useRowEdit';
import { rowContext } from '../ui/list/rowContext';
import { deleteConfirm, useConfirmedAction } from '../ui/confirm';
import { PRODUCT_TABLE_SORTS, TITLE_ORDER, STOCK_ROWS } from './products/columns';
import { centsResolver, dollars } from './products/forms';
import { actionsColumn } from '../ui/columns';

/**
 * SPEC §2 the simpler products table, /view-products (level 3): title, description, price and stock, with inline
 * edit and delete above level 3 (SPEC §6 'product.edit'; PUT and DELETE /product). The inline edit is the Add Product form's fields and
 * messages (simpleProductSchema); delete asks 'Click delete to confirm.'. Through repos.products, one page at a time through the
 * sort's index (issue 13).
 */
interface SimpleForm {
  title: string;
  description: string;
  price: string;
}
/** what the resolver hands the save: trimmed text, the price in cents */
type SimpleValues = InferType<typeof simpleProductSchema>;

interface Ctx extends RowEdit<ProductRow, SimpleForm> {
  canEdit: boolean;
  remove(p: ProductRow): void;
}
const { context: Cells, useCells } = rowContext<Ctx>('Product List');

function EditableCell({ row, name }: { row: ProductRow; name: keyof SimpleForm }) {
  const ctx = useCells();
  if (ctx.editingId !== row.id)
    return name === 'price' ? (
      <Text as="span" whiteSpace="nowrap">
        {formatUSD(row.price)}
      </Text>
    ) : (
      <>{row[name]}</>
    );
  const label = { title: 'Title', description: 'Description', price: 'Price ($)' }[name];
  const error = ctx.errors[name]?.message;
  return (
    <Field.Root invalid={!!error} minW={name === 'price' ? '24' : '40'}>
      <Input
        size="sm"
        aria-label={label}
        autoComplete="off"
        inputMode={name === 'price' ? 'decimal' : undefined}
        maxLength={name === 'description' ? 2000 : name === 'price' ? 12 : 200}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            ctx.save();
          }
          if (e.key === 'Escape') ctx.cancel();
        }}
        {...ctx.register(name)}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function ActionsCell({ row }: { row: ProductRow }) {
  const ctx = useCells();
  if (!ctx.canEdit) return null;
  if (ctx.editingId === row.id)
    return <SaveCancelButtons size="xs" saving={ctx.saving} onSave={ctx.save} onCancel={ctx.cancel} />;
  return <RowButtons what={row.title} size="xs" onEdit={() => ctx.start(row)} onDelete={() => ctx.remove(row)} />;
}

const COLUMNS: ColumnDef<ProductRow, unknown>[] = [
  { accessorKey: 'title', header: 'Title', cell: ({ row }) => <EditableCell row={row.original} name="title" /> },
  {
    accessorKey: 'description',
    header: 'Description',
    cell: ({ row }) => <EditableCell row={row.original} name="description" />,
  },
  {
    accessorKey: 'price',
    header: 'Price',
    cell: ({ row }) => <EditableCell row={row.original} name="price" />,
    meta: { csv: (p) => plainDollars(p.price) },
  },
  { accessorKey: 'stock', header: 'Stock' },
  actionsColumn(({ row }) => <ActionsCell row={row.original} />),
];

const simpleValues = (p: ProductRow): SimpleForm => ({
  title: p.title,
  description: p.description,
  price: dollars(p.price),
});

/** The table's row edit (one row at a time, Save or Cancel) and Delete, for the rows' cells. */
function useRowActions(): Ctx {
  const repos = useRepos();
  const act = useConfirmedAction();
  const canEdit = can('product.edit', useLevel());
  const form = useForm<SimpleForm, unknown, SimpleValues>({
    resolver: centsResolver<SimpleForm, SimpleValues>(simpleProductSchema, ['price']),
    defaultValues: { title: '', description: '', price: '' },
  });
  const edit = useRowEdit<ProductRow, SimpleForm, SimpleValues>(form, simpleValues, async (p, v) => {
    await repos.products.editSimple(p.id, { title: v.title, description: v.description, price: v.price });
    return `Product ${v.title} updated`;
  });

  return {
    ...edit,
    canEdit,
    remove(p) {
      void act({
        ...deleteConfirm(p.title),
        run: () => repos.products.removeSimple(p.id),
        done: `Product ${p.title} deleted`,
      });
    },
  };
}

const PRODUCT_LIST: ListDeclaration<ProductRow, ProductSort> = {
  title: 'Product List',
  pages: (repos) => ({ read: repos.products.productPage, each: repos.products.eachProduct }),
  defaultSort: TITLE_ORDER,
  sorts: PRODUCT_TABLE_SORTS,
  pageSizes: PAGE_SIZES.products,
  columns: COLUMNS,
  rowMarks: STOCK_ROWS,
};

export default function ProductList() {
  return <ListScreen list={PRODUCT_LIST} cells={{ context: Cells, value: useRowActions() }} />;
}
