import { Button, Input, Textarea } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { textMax } from '../../domain/model/fields';
import { suppliers } from '../../domain/model/stock';
import { can } from '../../domain/permissions';
import { supplierSchema } from '../../domain/schemas';
import type { SupplierRow } from '../../local/repositories/products';
import type { SupplierSort } from '../../local/repositories/productPages';
import { FormDialog, useDialogSave } from '../ui/FormDialog';
import { useLevel } from '../session/useLevel';
import { useRepos } from '../data/DataProvider';
import { FormField } from '../ui/FormField';
import { MailLink, TelLink } from '../ui/links';
import { PAGE_SIZES } from '../ui/DataTable';
import { ListScreen, type ListDeclaration } from '../ui/list/ListScreen';
import { RowButtons } from '../ui/list/RowButtons';
import { rowContext } from '../ui/list/rowContext';
import { deleteConfirm, useConfirmedAction } from '../ui/confirm';
import { actionsColumn } from '../ui/columns';
import { submitWith } from '../ui/submitWith';

/** the inputs' limits: the model's, as supplierSchema reads them */
const S = suppliers.fields;

/**
 * SPEC §2 Suppliers, /view-suppliers (level 5): bizname, email, address and contact; Add and Edit in a dialog
 * (SPEC §5: bizname required, the rest optional — supplierSchema) and Delete after 'Click delete to confirm.'.
 * Reads and writes the device's copy through repos.products (queued as /v2/inventory/supplier calls), one page at a
 * time through the sort's index (issue 13).
 */

interface SupplierForm {
  bizname: string;
  email: string;
  address: string;
  contact: string;
}

interface Ctx {
  canManage: boolean;
  edit(s: SupplierRow): void;
  remove(s: SupplierRow): void;
}
const { context: Cells, useCells } = rowContext<Ctx>('Suppliers');

function ActionsCell({ row }: { row: SupplierRow }) {
  const ctx = useCells();
  if (!ctx.canManage) return null;
  return <RowButtons what={row.bizname} size="sm" onEdit={() => ctx.edit(row)} onDelete={() => ctx.remove(row)} />;
}

const COLUMNS: ColumnDef<SupplierRow, unknown>[] = [
  { accessorKey: 'bizname', header: 'Business name' },
  {
    accessorKey: 'email',
    header: 'Email',
    cell: ({ row }) => <MailLink email={row.original.email} />,
    meta: { priority: 2 },
  },
  { accessorKey: 'address', header: 'Address', meta: { priority: 3 } },
  {
    accessorKey: 'contact',
    header: 'Contact',
    cell: ({ row }) => <TelLink phone={row.original.contact} />,
    meta: { priority: 2 },
  },
  actionsColumn(({ row }) => <ActionsCell row={row.original} />),
];

function SupplierDialog({ supplier, onClose }: { supplier: SupplierRow | null; onClose: () => void }) {
  const repos = useRepos();
  const { saving, refusal, run } = useDialogSave(onClose);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SupplierForm>({
    resolver: yupResolver(supplierSchema),
    defaultValues: {
      bizname: supplier?.bizname ?? '',
      email: supplier?.email ?? '',
      address: supplier?.address ?? '',
      contact: supplier?.contact ?? '',
    },
  });

  const save = (v: SupplierForm) =>
    run(async () => {
      const fields = {
        bizname: v.bizname.trim(),
        email: (v.email ?? '').trim(),
        address: (v.address ?? '').trim(),
        contact: (v.contact ?? '').trim(),
      };
      if (supplier) {
        await repos.products.editSupplier(supplier.id, fields);
        return `Supplier ${fields.bizname} updated`;
      }
      await repos.products.addSupplier(fields);
      return `Supplier ${fields.bizname} added`;
    });

  return (
    <FormDialog
      title={supplier ? `Edit ${supplier.bizname}` : 'Add Supplier'}
      onClose={onClose}
      onSubmit={submitWith(handleSubmit, save)}
      saving={saving}
      error={refusal}
    >
      <FormField label="Business name" error={errors.bizname} required>
        <Input autoComplete="off" maxLength={textMax(S.bizname)} {...register('bizname')} />
      </FormField>
      <FormField label="Email" error={errors.email}>
        <Input type="email" inputMode="email" autoComplete="off" maxLength={textMax(S.email)} {...register('email')} />
      </FormField>
      <FormField label="Address" error={errors.address}>
        <Textarea rows={2} maxLength={textMax(S.address)} {...register('address')} />
      </FormField>
      <FormField label="Contact" error={errors.contact}>
        <Input type="tel" autoComplete="off" maxLength={textMax(S.contact)} {...register('contact')} />
      </FormField>
    </FormDialog>
  );
}

const SUPPLIERS: ListDeclaration<SupplierRow, SupplierSort> = {
  title: 'Suppliers',
  pages: (repos) => ({ read: repos.products.supplierPage, each: repos.products.eachSupplier }),
  defaultSort: { id: 'bizname', desc: false },
  // each reads its own index (src/local/repositories/productPages.ts SUPPLIER_SORTS)
  sorts: ['bizname', 'email', 'address', 'contact'],
  pageSizes: PAGE_SIZES.default,
  columns: COLUMNS,
};

export default function Suppliers() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const canManage = can('supplier.manage', useLevel());
  const [dialog, setDialog] = useState<{ supplier: SupplierRow | null } | null>(null);
  const ctx: Ctx = {
    canManage,
    edit: (s) => setDialog({ supplier: s }),
    remove(s) {
      void act({
        ...deleteConfirm(s.bizname),
        run: () => repos.products.removeSupplier(s.id),
        done: `Supplier ${s.bizname} deleted`,
      });
    },
  };
  return (
    <ListScreen
      list={SUPPLIERS}
      cells={{ context: Cells, value: ctx }}
      toolbar={
        canManage && (
          <Button size="sm" colorPalette="blue" onClick={() => setDialog({ supplier: null })}>
            Add Supplier
          </Button>
        )
      }
    >
      {dialog && <SupplierDialog supplier={dialog.supplier} onClose={() => setDialog(null)} />}
    </ListScreen>
  );
}
