import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { InferType } from 'yup';
import { formatUSD, plainDollars } from '../../domain/money';
import { can } from '../../domain/permissions';
import { simpleProductSchema } from '../../domain/schemas';
import type { ProductRow } from '../../local/db';
import type { ProductSort } from '../../local/repositories/productPages';
import { useLevel } from '../session/useLevel';
import { useRepos } from '../data/DataProvider';
import { notify, notifyError } from '../feedback/toaster';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { RowButtons } from '../ui/list/RowButtons';
import { rowContext } from '../ui/list/rowContext';
import { deleteConfirm, useConfirmedAction } from '../ui/confirm';
import { PRODUCT_TABLE_SORTS, TITLE_ORDER, STOCK_ROWS } from './products/columns';
import { centsResolver, dollars } from './products/forms';
import { actionsColumn } from '../ui/columns';
import { submitWith } from '../ui/submitWith';

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

interface Ctx {
  canEdit: boolean;
  editing: string | null;
  saving: boolean;
  register: UseFormRegister<SimpleForm>;
  errors: FieldErrors<SimpleForm>;
  start(p: ProductRow): void;
  cancel(): void;
  save(): void;
  remove(p: ProductRow): void;
}
const { context: Cells, useCells } = rowContext<Ctx>('Product List');

function EditableCell({ row, name }: { row: ProductRow; name: keyof SimpleForm }) {
  const ctx = useCells();
  if (ctx.editing !== row.id)
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
  if (ctx.editing === row.id)
    return (
      <HStack gap="1">
        <Button size="xs" colorPalette="blue" onClick={ctx.save} loading={ctx.saving}>
          Save
        </Button>
        <Button size="xs" variant="outline" onClick={ctx.cancel}>
          Cancel
        </Button>
      </HStack>
    );
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

/** The table's row edit (one row at a time, Save or Cancel) and Delete, for the rows' cells (ListCtx). */
function useRowActions(): Ctx {
  const repos = useRepos();
  const act = useConfirmedAction();
  const canEdit = can('product.edit', useLevel());
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SimpleForm, unknown, SimpleValues>({
    resolver: centsResolver<SimpleForm, SimpleValues>(simpleProductSchema, ['price']),
    defaultValues: { title: '', description: '', price: '' },
  });

  const submit = async (v: SimpleValues) => {
    if (!editing) return;
    setSaving(true);
    try {
      await repos.products.editSimple(editing, { title: v.title, description: v.description, price: v.price });
      notify(`Product ${v.title} updated`);
      setEditing(null);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  return {
    canEdit,
    editing,
    saving,
    register,
    errors,
    start(p) {
      reset({ title: p.title, description: p.description, price: dollars(p.price) });
      setEditing(p.id);
    },
    cancel: () => setEditing(null),
    save: submitWith(handleSubmit, submit),
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
