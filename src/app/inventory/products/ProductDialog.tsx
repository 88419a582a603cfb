import { Field, Input, NativeSelect, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useForm } from 'react-hook-form';
import { inventoryProductSchema, type InventoryProductInput } from '../../../domain/schemas';
import type { ProductRow } from '../../../local/db';
import { FormDialog, useDialogSave } from '../../admin/shared';
import { useRepos } from '../../data/DataProvider';
import { centsResolver, dollars } from './forms';
import { ProductGallery } from './photos';

/**
 * Add and Edit of an inventory product (SPEC §2, level 5), SPEC §5's inventory product: title, description, stock,
 * low stock and price required; cost, supplier and barcode optional; the numbers are numbers (inventoryProductSchema).
 * Money is typed in dollars and stored in cents. Edit does not set stock (receiving and sales move it: it is shown
 * read-only) and carries the photo gallery.
 */
interface ProductForm {
  title: string;
  description: string;
  stock: string;
  low_stock: string;
  price: string;
  cost: string;
  supplier: string;
  barcode: string;
}

/** what the resolver hands the save: numbers, money in cents, no supplier as null */
type ProductValues = InventoryProductInput;

const resolver = centsResolver<ProductForm, ProductValues>(inventoryProductSchema, ['price', 'cost'], (v) => ({
  ...v,
  supplier: v.supplier ? v.supplier : null,
}));

export function ProductDialog({ product, onClose }: { product: ProductRow | null; onClose: () => void }) {
  const repos = useRepos();
  const suppliers = useLiveQuery(() => repos.products.suppliers(), [repos]);
  const { saving, refusal, run } = useDialogSave(onClose);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProductForm, unknown, ProductValues>({
    resolver,
    defaultValues: {
      title: product?.title ?? '',
      description: product?.description ?? '',
      stock: product ? String(product.stock) : '',
      low_stock: product ? String(product.low_stock) : '',
      price: product ? dollars(product.price) : '',
      cost: product?.cost ? dollars(product.cost) : '',
      supplier: product?.supplier ?? '',
      barcode: product?.barcode ?? '',
    },
  });

  const save = (v: ProductValues) =>
    run(async () => {
      if (product) {
        const { stock: _stock, ...changes } = v;
        void _stock;
        await repos.products.edit(product.id, changes);
        return `Product ${v.title} updated`;
      }
      await repos.products.add(v);
      return `Product ${v.title} added`;
    });

  const err = (name: keyof ProductForm) => errors[name] && <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>;

  return (
    <FormDialog
      title={product ? `Edit ${product.title}` : 'Add Product'}
      onClose={onClose}
      onSubmit={() => void handleSubmit(save)()}
      saving={saving}
      error={refusal}
    >
      <Field.Root invalid={!!errors.title} required>
        <Field.Label>Title</Field.Label>
        <Input autoComplete="off" maxLength={200} {...register('title')} />
        {err('title')}
      </Field.Root>
      <Field.Root invalid={!!errors.description} required>
        <Field.Label>Description</Field.Label>
        <Textarea rows={2} maxLength={2000} {...register('description')} />
        {err('description')}
      </Field.Root>
      <SimpleGrid columns={2} gap="3">
        <Field.Root invalid={!!errors.stock} required={!product} readOnly={!!product}>
          <Field.Label>Stock</Field.Label>
          <Input inputMode="numeric" autoComplete="off" maxLength={9} {...register('stock')} />
          {product ? <Field.HelperText>Use Receive Inventory to add stock.</Field.HelperText> : err('stock')}
        </Field.Root>
        <Field.Root invalid={!!errors.low_stock} required>
          <Field.Label>Low stock</Field.Label>
          <Input inputMode="numeric" autoComplete="off" maxLength={9} {...register('low_stock')} />
          {err('low_stock')}
        </Field.Root>
        <Field.Root invalid={!!errors.price} required>
          <Field.Label>Price ($)</Field.Label>
          <Input inputMode="decimal" autoComplete="off" maxLength={12} {...register('price')} />
          {err('price')}
        </Field.Root>
        <Field.Root invalid={!!errors.cost}>
          <Field.Label>Cost ($)</Field.Label>
          <Input inputMode="decimal" autoComplete="off" maxLength={12} {...register('cost')} />
          {err('cost')}
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={!!errors.supplier}>
        <Field.Label>Supplier</Field.Label>
        {suppliers && (
          <NativeSelect.Root>
            <NativeSelect.Field {...register('supplier')}>
              <option value="">None</option>
              {(suppliers ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.bizname}
                </option>
              ))}
              {product?.supplier && suppliers && !suppliers.some((s) => s.id === product.supplier) && (
                <option value={product.supplier}>Supplier not on this device</option>
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {err('supplier')}
      </Field.Root>
      <Field.Root invalid={!!errors.barcode}>
        <Field.Label>Barcode</Field.Label>
        <Input autoComplete="off" maxLength={64} {...register('barcode')} />
        {err('barcode')}
      </Field.Root>
      {product ? (
        <ProductGallery productId={product.id} />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Photos can be added with Edit once the product is saved.
        </Text>
      )}
    </FormDialog>
  );
}
