import { Alert, Box, Button, Heading, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { InferType } from 'yup';
import { textMax } from '../../domain/model/fields';
import { products } from '../../domain/model/stock';
import { can, minLevel } from '../../domain/permissions';
import { simpleProductSchema } from '../../domain/schemas';
import { useLevel } from '../session/useLevel';
import { useRepos } from '../data/DataProvider';
import { notify, notifyError } from '../feedback/toaster';
import { FormField } from '../ui/FormField';
import { centsResolver } from './products/forms';
import { submitWith } from '../ui/submitWith';

/**
 * SPEC §2 Add Product (/add-product, level 3): title, description and price (SPEC §5: 'Title should be atleast 1
 * character', 'Description should be atleast 1 character', 'Price should be atleast 1 character'). Saved through
 * repos.products.add with the inventory fields the form lacks set to SIMPLE_PRODUCT_DEFAULTS (docs/DECISIONS.md).
 */
interface SimpleForm {
  title: string;
  description: string;
  price: string;
}

/** what the resolver hands the save: trimmed text, the price in cents */
type SimpleValues = InferType<typeof simpleProductSchema>;

const EMPTY: SimpleForm = { title: '', description: '', price: '' };

export default function AddProduct() {
  const repos = useRepos();
  const level = useLevel();
  const mayAdd = can('product.edit', level);
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SimpleForm, unknown, SimpleValues>({
    resolver: centsResolver<SimpleForm, SimpleValues>(simpleProductSchema, ['price']),
    defaultValues: EMPTY,
  });

  const save = async ({ title, description, price }: SimpleValues) => {
    setSaving(true);
    try {
      await repos.products.addSimple({ title, description, price });
      notify(`Product ${title} added`);
      reset(EMPTY);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box maxW="lg">
      <Heading size="lg" mb="4">
        Add Product
      </Heading>
      <form noValidate onSubmit={submitWith(handleSubmit, save)}>
        <Stack gap="4">
          {!mayAdd && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>
                Adding a product needs level {minLevel('product.edit')} or above. Ask an Admin to add it.
              </Alert.Description>
            </Alert.Root>
          )}
          <FormField label="Title" error={errors.title} required>
            <Input autoComplete="off" maxLength={textMax(products.fields.title)} {...register('title')} />
          </FormField>
          <FormField label="Description" error={errors.description} required>
            <Textarea rows={3} maxLength={textMax(products.fields.description)} {...register('description')} />
          </FormField>
          <FormField label="Price ($)" error={errors.price} required>
            <Input inputMode="decimal" autoComplete="off" maxLength={12} {...register('price')} />
          </FormField>
          <Box>
            <Button type="submit" colorPalette="blue" loading={saving} disabled={!mayAdd}>
              Save
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
