import { Input, NativeSelect, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useForm, type FieldErrors, type UseFormRegister, type UseFormRegisterReturn } from 'react-hook-form';
import { textMax } from '../../../domain/model/fields';
import { products } from '../../../domain/model/stock';
import { inventoryProductSchema, type InventoryProductInput } from '../../../domain/schemas';
import type { ProductRow } from '../../../local/db';
import { FormDialog, useDialogSave } from '../../ui/FormDialog';
import { useRepos } from '../../data/DataProvider';
import { FormField } from '../../ui/FormField';
import { centsResolver, dollars } from './forms';
import { ProductGallery } from './photos';
import { submitWith } from '../../ui/submitWith';

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

  return (
    <FormDialog
      title={product ? `Edit ${product.title}` : 'Add Product'}
      onClose={onClose}
      onSubmit={submitWith(handleSubmit, save)}
      saving={saving}
      error={refusal}
    >
      <ProductFields register={register} errors={errors} product={product} />
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

/** The product's fields; on Edit the stock is shown, not typed (receiving and sales move it). */
function ProductFields({
  register,
  errors,
  product,
}: {
  register: UseFormRegister<ProductForm>;
  errors: FieldErrors<ProductForm>;
  product: ProductRow | null;
}) {
  return (
    <>
      <FormField label="Title" error={errors.title} required>
        <Input autoComplete="off" maxLength={textMax(products.fields.title)} {...register('title')} />
      </FormField>
      <FormField label="Description" error={errors.description} required>
        <Textarea rows={2} maxLength={textMax(products.fields.description)} {...register('description')} />
      </FormField>
      <SimpleGrid columns={2} gap="3">
        <FormField
          label="Stock"
          error={product ? undefined : errors.stock}
          required={!product}
          readOnly={!!product}
          helper={product && 'Use Receive Inventory to add stock.'}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={9} {...register('stock')} />
        </FormField>
        <FormField label="Low stock" error={errors.low_stock} required>
          <Input inputMode="numeric" autoComplete="off" maxLength={9} {...register('low_stock')} />
        </FormField>
        <FormField label="Price ($)" error={errors.price} required>
          <Input inputMode="decimal" autoComplete="off" maxLength={12} {...register('price')} />
        </FormField>
        <FormField label="Cost ($)" error={errors.cost}>
          <Input inputMode="decimal" autoComplete="off" maxLength={12} {...register('cost')} />
        </FormField>
      </SimpleGrid>
      <FormField label="Supplier" error={errors.supplier}>
        <SupplierSelect current={product?.supplier ?? null} field={register('supplier')} />
      </FormField>
      <FormField label="Barcode" error={errors.barcode}>
        <Input autoComplete="off" maxLength={textMax(products.fields.barcode)} {...register('barcode')} />
      </FormField>
    </>
  );
}

/** The suppliers on this device, None, and the product's own supplier when this device does not hold it. */
function SupplierSelect({ current, field }: { current: string | null; field: UseFormRegisterReturn }) {
  const repos = useRepos();
  const suppliers = useLiveQuery(() => repos.products.suppliers(), [repos]);
  if (!suppliers) return null;
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field}>
        <option value="">None</option>
        {suppliers.map((s) => (
          <option key={s.id} value={s.id}>
            {s.bizname}
          </option>
        ))}
        {current && !suppliers.some((s) => s.id === current) && (
          <option value={current}>Supplier not on this device</option>
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
