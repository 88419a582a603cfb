import { Alert, Box, Button, Field, Heading, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext, useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { InferType } from 'yup';
import { choicesOf, choicesText, pickChoice } from '../../domain/configChoices';
import { CONFIG_NAMES, SHOP_DETAIL_NAMES } from '../../domain/configSheet';
import { MSG } from '../../domain/messages';
import { textMax } from '../../domain/model/fields';
import { config } from '../../domain/model/shop';
import { can } from '../../domain/permissions';
import { configFormSchema } from '../../domain/schemas';
import type { ConfigRow } from '../../local/repositories/team';
import { useRepos } from '../data/DataProvider';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { useLevel } from '../session/useLevel';
import { FormDialog, useDialogSave } from '../ui/FormDialog';
import { IdCell } from './shared';
import { ShopLogo } from './ShopLogo';
import { DeviceSetup } from './DeviceSetup';
import { actionsColumn } from '../ui/columns';
import { schemaResolver } from '../ui/schemaResolver';
import { submitWith } from '../ui/submitWith';

/**
 * SPEC §2 Configuration sheet, /view-config (level 5): ID, Title, Description and Amount, page size 15 of
 * 10/15/20/50/100/150/300 (SPEC §9). A row is edited in a dialog (SPEC §5: title read-only; description and amount
 * required; amount a number — configFormSchema) with SPEC's notice 'Please close and re-open application for changes
 * to take effect'. A text setting (time zone, shop name, the shop's details on documents) has no amount: its value
 * is the description. A setting of a few words (prices include tax: yes or no; the receipt's paper; the cash-up's
 * scope) is picked from them (src/domain/configChoices.ts), so a typo is never read as the default.
 */

/** what the fields hold (the amount as typed) and what the schema hands the save (the amount a number) */
interface ConfigForm {
  description: string;
  amount: string;
}
type ConfigValues = InferType<ReturnType<typeof configFormSchema>>;

const CONFIG_PAGE_SIZE = 15;

const EditCtx = createContext<{ canEdit: boolean; edit(row: ConfigRow): void } | null>(null);

function ActionsCell({ row }: { row: ConfigRow }) {
  const ctx = useContext(EditCtx);
  if (!ctx?.canEdit) return null;
  return (
    <Button size="sm" variant="outline" onClick={() => ctx.edit(row)} aria-label={`Edit ${row.title}`}>
      Edit
    </Button>
  );
}

const COLUMNS: ColumnDef<ConfigRow, unknown>[] = [
  { accessorKey: 'id', header: 'ID', cell: ({ row }) => <IdCell id={row.original.id} /> },
  { accessorKey: 'title', header: 'Title' },
  {
    accessorKey: 'description',
    header: 'Description',
    cell: ({ row }) => (
      <Text maxW="xs" whiteSpace="normal">
        {row.original.description}
      </Text>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    accessorFn: (c) => (c.amount === null || c.amount === undefined ? '' : c.amount),
    cell: ({ row }) =>
      row.original.amount === null || row.original.amount === undefined ? '' : String(row.original.amount),
  },
  actionsColumn(({ row }) => <ActionsCell row={row.original} />),
];

/** What a document setting takes: the shop's details may be none; the receipt's paper is one of two; tax (issue 18). */
function hint(name: string): string | undefined {
  if (SHOP_DETAIL_NAMES.includes(name)) return MSG.configNoneHint;
  if (name === CONFIG_NAMES.receiptFormat) return MSG.configReceiptFormatHint;
  if (name === CONFIG_NAMES.taxRate) return MSG.configTaxRateHint;
  if (name === CONFIG_NAMES.taxInclusive) return MSG.configTaxInclusiveHint;
  return undefined;
}

/** A setting's value: a choice of its words (configChoices.ts), else free text. */
function DescriptionInput({ choices, field }: { choices?: readonly string[]; field: UseFormRegisterReturn }) {
  if (!choices) return <Textarea rows={3} maxLength={textMax(config.fields.description)} {...field} />;
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field}>
        <option value="">Choose {choicesText(choices)}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** What the form starts with: the setting's text, or for a setting of a few words the one it names (none if garbage). */
function choiceValue(row: ConfigRow, choices: readonly string[] | undefined): string {
  const text = row.description ?? '';
  return choices ? (pickChoice(choices, text) ?? '') : text;
}

function ConfigDialog({ row, onClose }: { row: ConfigRow; onClose: () => void }) {
  const repos = useRepos();
  const hasAmount = row.amount !== null && row.amount !== undefined;
  const choices = choicesOf(row.name);
  const { saving, refusal, run } = useDialogSave(onClose);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConfigForm, unknown, ConfigValues>({
    resolver: schemaResolver(configFormSchema(hasAmount, choices)),
    defaultValues: { description: choiceValue(row, choices), amount: hasAmount ? String(row.amount) : '' },
  });

  const save = (v: ConfigValues) =>
    run(async () => {
      const amount = hasAmount ? Number(v.amount) : null;
      await repos.config.edit({ id: row.id, description: String(v.description).trim(), amount });
      return MSG.configNotice;
    }, 'info');

  return (
    <FormDialog
      title={`Edit ${row.title}`}
      onClose={onClose}
      onSubmit={submitWith(handleSubmit, save)}
      saving={saving}
      error={refusal}
      notice={
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Description>{MSG.configNotice}</Alert.Description>
        </Alert.Root>
      }
    >
      <Field.Root readOnly>
        <Field.Label>Title</Field.Label>
        <Input value={row.title} readOnly />
      </Field.Root>
      <Field.Root invalid={!!errors.description} required>
        <Field.Label>Description</Field.Label>
        <DescriptionInput choices={choices} field={register('description')} />
        {hint(row.name) && <Field.HelperText>{hint(row.name)}</Field.HelperText>}
        {errors.description && <Field.ErrorText>{errors.description.message}</Field.ErrorText>}
      </Field.Root>
      {hasAmount ? (
        <Field.Root invalid={!!errors.amount} required>
          <Field.Label>Amount</Field.Label>
          <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
          {errors.amount && <Field.ErrorText>{errors.amount.message}</Field.ErrorText>}
        </Field.Root>
      ) : (
        <Field.Root readOnly>
          <Field.Label>Amount</Field.Label>
          <Input value="" readOnly placeholder="None: this setting is its description" />
        </Field.Root>
      )}
    </FormDialog>
  );
}

export default function Config() {
  const repos = useRepos();
  const level = useLevel();
  const rows = useLiveQuery(() => repos.config.list(), [repos]);
  const data = useMemo(() => rows ?? [], [rows]);
  const [editing, setEditing] = useState<ConfigRow | null>(null);
  const ctx = useMemo(() => ({ canEdit: can('config.edit', level), edit: setEditing }), [level]);

  return (
    <Box>
      <Heading size="lg" mb="4">
        Configuration
      </Heading>
      <ShopLogo />
      <DeviceSetup />
      <EditCtx.Provider value={ctx}>
        <DataTable<ConfigRow>
          name="Configuration"
          data={data}
          columns={COLUMNS}
          getRowId={(c) => c.id}
          pageSizes={PAGE_SIZES.config}
          initialPageSize={CONFIG_PAGE_SIZE}
          loading={rows === undefined}
        />
      </EditCtx.Provider>
      {editing && <ConfigDialog row={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
