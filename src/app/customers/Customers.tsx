import { Badge, Box, Button, Field, HStack, Heading, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import type { ColumnDef } from '@tanstack/react-table';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { CONFIG_NAMES, DEFAULT_SHOP_SETTINGS } from '../../domain/configSheet';
import { formatShop } from '../../domain/dates';
import { can } from '../../domain/permissions';
import { CONTACT_MAX_DIGITS, NOTE_MAX, customerEditSchema } from '../../domain/schemas/customer';
import type { CustomerRow } from '../../local/db';
import type { CustomerEdit } from '../../local/repositories/customers';
import type { CustomerSort } from '../../local/repositories/customerPages';
import { useRepos } from '../data/DataProvider';
import { notify, notifyError } from '../feedback/toaster';
import { useSession } from '../session/session';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { useConfirmedAction } from '../ui/confirm';
import { contactDigits } from './CustomerFields';
import { openPdf, serviceHistoryBlob } from '../ui/documents';
import { actionsColumn } from '../ui/columns';
import { useRefresh } from '../ui/refresh';
import { useKeysetPages } from '../ui/useKeysetPages';

/**
 * SPEC §2 Customers table (/view-customers, level 3+): every customer on this device, filterable, sortable,
 * searchable, exportable, with page sizes 10/20/50/100/200. One page is read at a time through the sort's index
 * (repos.customers.page, issue 13): 50,000 customers open as fast as 50. The search is the shop search (plate with
 * or without its space, VIN start or end, names, phone, email, by their starts); Export CSV streams every match.
 * Refresh syncs now. A row is edited in place (level 3+, customerEditSchema, PUT /customer with the changed fields);
 * Service History builds the PDF offline (above level 3); Block/Unblock (level 5) asks first (PUT /customer-status).
 * Blocked rows are pink (`data-blocked="true"`).
 */

/** The inline edit form: the editable fields of a row, as text inputs give them (the schema casts discount). */
interface EditForm {
  id: string;
  first_name: string;
  last_name: string;
  vin: string;
  registration: string;
  contact: string;
  email: string;
  note: string;
  discount: number;
}

type EditField = Exclude<keyof EditForm, 'id'>;
const EDIT_FIELDS: EditField[] = [
  'first_name',
  'last_name',
  'vin',
  'registration',
  'contact',
  'email',
  'note',
  'discount',
];

/** SPEC §9 discount choices: none, 5% to 20% in 1% steps. */
const DISCOUNTS = [0, ...Array.from({ length: 16 }, (_, i) => i + 5)];

function editValues(c: CustomerRow): EditForm {
  return {
    id: c.id,
    first_name: c.first_name ?? '',
    last_name: c.last_name ?? '',
    vin: c.vin ?? '',
    registration: c.registration ?? '',
    contact: String(c.contact ?? ''),
    email: c.email ?? '',
    note: c.note ?? '',
    discount: Number(c.discount ?? 0),
  };
}

/** What the row cells need, kept out of the column definitions so the cells never remount while a row is edited. */
interface TableCtx {
  level: number;
  timeZone: string;
  editingId: string | null;
  register: UseFormRegister<EditForm>;
  errors: FieldErrors<EditForm>;
  saving: boolean;
  historyFor: string | null;
  startEdit(c: CustomerRow): void;
  cancelEdit(): void;
  saveEdit(): void;
  history(c: CustomerRow): void;
  toggleBlock(c: CustomerRow): void;
}

const Ctx = createContext<TableCtx | null>(null);
function useTableCtx(): TableCtx {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('Customers cells need their table context.');
  return ctx;
}

const LABELS: Record<EditField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  vin: 'VIN',
  registration: 'Registration',
  contact: 'Contact',
  email: 'Email',
  note: 'Note',
  discount: 'Discount %',
};

/** The contact input keeps digits only, at most 11, in the field and in the form's value. */
const CONTACT_INPUT = {
  setValueAs: contactDigits,
  onChange: (e: { target: HTMLInputElement }) => {
    e.target.value = contactDigits(e.target.value);
  },
};

/** A cell showing the value, or its input when the row is being edited. */
function EditableCell({ row, field, children }: { row: CustomerRow; field: EditField; children?: ReactNode }) {
  const ctx = useTableCtx();
  if (ctx.editingId !== row.id) return <>{children ?? String(row[field] ?? '')}</>;
  const error = ctx.errors[field]?.message;
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') ctx.cancelEdit();
    else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      ctx.saveEdit();
    }
  };
  let input: ReactNode;
  if (field === 'discount') {
    const current = Number(row.discount ?? 0);
    const choices = DISCOUNTS.includes(current) ? DISCOUNTS : [...DISCOUNTS, current].sort((a, b) => a - b);
    input = (
      <NativeSelect.Root size="sm" minW="24">
        <NativeSelect.Field aria-label={LABELS[field]} {...ctx.register('discount')} onKeyDown={onKeyDown}>
          {choices.map((d) => (
            <option key={d} value={d}>
              {d === 0 ? 'None' : `${d}%`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  } else if (field === 'note') {
    input = (
      <Textarea
        size="sm"
        minW="48"
        rows={2}
        maxLength={NOTE_MAX}
        aria-label={LABELS[field]}
        {...ctx.register('note')}
        onKeyDown={onKeyDown}
      />
    );
  } else {
    input = (
      <Input
        size="sm"
        minW={field === 'vin' ? '48' : '32'}
        aria-label={LABELS[field]}
        type={field === 'email' ? 'email' : field === 'contact' ? 'tel' : 'text'}
        inputMode={field === 'contact' ? 'numeric' : field === 'email' ? 'email' : undefined}
        maxLength={field === 'contact' ? CONTACT_MAX_DIGITS : undefined}
        autoComplete="off"
        {...ctx.register(field, field === 'contact' ? CONTACT_INPUT : undefined)}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <Field.Root invalid={!!error}>
      {input}
      {error && <Field.ErrorText maxW="64">{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function StatusCell({ row }: { row: CustomerRow }) {
  return row.active === 0 ? <Badge colorPalette="red">Blocked</Badge> : <Badge colorPalette="green">Active</Badge>;
}

function CreatedCell({ row }: { row: CustomerRow }) {
  const { timeZone } = useTableCtx();
  return <Text whiteSpace="nowrap">{row.created_at ? formatShop(row.created_at, timeZone) : ''}</Text>;
}

function ActionsCell({ row }: { row: CustomerRow }) {
  const ctx = useTableCtx();
  if (ctx.editingId === row.id) {
    return (
      <HStack gap="2">
        <Button size="sm" colorPalette="blue" loading={ctx.saving} onClick={ctx.saveEdit}>
          Save
        </Button>
        <Button size="sm" variant="outline" onClick={ctx.cancelEdit}>
          Cancel
        </Button>
      </HStack>
    );
  }
  return (
    // the three actions wrap under each other rather than push the table past a desk screen's width
    <HStack gap="2" wrap="wrap" minW="28">
      {can('customer.edit', ctx.level) && (
        <Button size="sm" variant="outline" onClick={() => ctx.startEdit(row)}>
          Edit
        </Button>
      )}
      {can('customer.history', ctx.level) && (
        <Button size="sm" variant="outline" loading={ctx.historyFor === row.id} onClick={() => ctx.history(row)}>
          Service History
        </Button>
      )}
      {can('customer.block', ctx.level) && (
        <Button
          size="sm"
          variant="outline"
          colorPalette={row.active === 0 ? 'green' : 'red'}
          onClick={() => ctx.toggleBlock(row)}
        >
          {row.active === 0 ? 'Unblock' : 'Block'}
        </Button>
      )}
    </HStack>
  );
}

function editable(
  field: EditField,
  header: string,
  extra: Partial<ColumnDef<CustomerRow, unknown>> = {},
): ColumnDef<CustomerRow, unknown> {
  return {
    accessorKey: field,
    header,
    cell: ({ row }) => <EditableCell row={row.original} field={field} />,
    ...extra,
  } as ColumnDef<CustomerRow, unknown>;
}

/** At a bay tablet's width the plate, the surname, the status and the actions stay; the rest give way by priority (ui/columnPriority.ts). */
const COLUMNS: ColumnDef<CustomerRow, unknown>[] = [
  editable('registration', 'Registration'),
  editable('first_name', 'First name', { meta: { priority: 2 } }),
  editable('last_name', 'Last name'),
  editable('vin', 'VIN', { meta: { priority: 3 } }),
  editable('contact', 'Contact', { meta: { priority: 2 } }),
  editable('email', 'Email', { meta: { priority: 3 } }),
  editable('discount', 'Discount %', {
    meta: { priority: 4 },
    cell: ({ row }) => (
      <EditableCell row={row.original} field="discount">
        {row.original.discount ? `${row.original.discount}%` : ''}
      </EditableCell>
    ),
  }),
  { accessorKey: 'current_points', header: 'Points', meta: { priority: 3 } },
  editable('note', 'Note', {
    meta: { priority: 4 },
    // free text up to 500 characters: not worth an index of its own (the filter still finds a note)
    enableSorting: false,
    cell: ({ row }) => (
      <EditableCell row={row.original} field="note">
        <Text maxW="64" lineClamp={2} title={row.original.note}>
          {row.original.note}
        </Text>
      </EditableCell>
    ),
  }),
  {
    accessorKey: 'created_at',
    header: 'Created',
    cell: ({ row }) => <CreatedCell row={row.original} />,
    meta: { priority: 4 },
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (c) => (c.active === 0 ? 'Blocked' : 'Active'),
    cell: ({ row }) => <StatusCell row={row.original} />,
  },
  actionsColumn(({ row }) => <ActionsCell row={row.original} />, { enableColumnFilter: false }),
];

/** The columns that sort: each reads its own index (src/local/repositories/customerPages.ts CUSTOMER_SORTS). */
const SORTS: readonly CustomerSort[] = [
  'registration',
  'first_name',
  'last_name',
  'vin',
  'contact',
  'email',
  'discount',
  'current_points',
  'created_at',
  'status',
];
const BY_NAME = { id: 'last_name', desc: false } as const;

/** Blocked customers are highlighted pink (SPEC §2). */
function rowStyle(c: CustomerRow) {
  return c.active === 0 ? { bg: 'pink.100', _hover: { bg: 'pink.200' }, 'data-blocked': 'true' } : undefined;
}

export default function Customers() {
  const repos = useRepos();
  const act = useConfirmedAction();
  const level = useSession()?.permission ?? 0;
  const table = useKeysetPages({
    read: repos.customers.page,
    each: repos.customers.eachMatching,
    defaultSort: BY_NAME,
    sorts: SORTS,
    pageSize: PAGE_SIZES.customers[0],
  });
  const settings = useLiveQuery(() => repos.config.settings(), [repos]);
  const tzSetting = settings?.[CONFIG_NAMES.timeZone];
  const timeZone = typeof tzSetting === 'string' && tzSetting ? tzSetting : DEFAULT_SHOP_SETTINGS.timeZone;

  const [editing, setEditing] = useState<CustomerRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [historyFor, setHistoryFor] = useState<string | null>(null);
  const { refreshing, refresh } = useRefresh('customers');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EditForm>({ resolver: yupResolver(customerEditSchema) });

  const save = async (v: EditForm) => {
    if (!editing) return;
    const before = editValues(editing);
    const changes: CustomerEdit = {};
    for (const f of EDIT_FIELDS) {
      if (v[f] !== before[f]) (changes as Record<string, unknown>)[f] = v[f];
    }
    if (Object.keys(changes).length === 0) {
      setEditing(null);
      return;
    }
    setSaving(true);
    try {
      await repos.customers.edit(v.id, changes);
      notify(`Customer ${v.first_name} ${v.last_name} updated`);
      setEditing(null);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  const ctx: TableCtx = {
    level,
    timeZone,
    editingId: editing?.id ?? null,
    register,
    errors,
    saving,
    historyFor,
    startEdit(c) {
      reset(editValues(c));
      setEditing(c);
    },
    cancelEdit() {
      setEditing(null);
    },
    saveEdit() {
      void handleSubmit(save)();
    },
    async history(c) {
      setHistoryFor(c.id);
      try {
        openPdf(await serviceHistoryBlob(repos, c), `service-history-${c.registration || c.vin}.pdf`);
      } catch (err) {
        notifyError(err);
      } finally {
        setHistoryFor(null);
      }
    },
    async toggleBlock(c) {
      const block = c.active !== 0;
      const who = `${c.first_name} ${c.last_name} (${c.registration})`;
      await act({
        title: block ? 'Block customer' : 'Unblock customer',
        message: block
          ? `Block ${who}? A blocked customer cannot be used in a service request.`
          : `Unblock ${who}? The customer can be used in service requests again.`,
        confirmLabel: block ? 'Block' : 'Unblock',
        danger: block,
        run: () => repos.customers.setActive(c.id, !block),
        done: `${block ? 'Blocked' : 'Unblocked'} ${who}`,
      });
    },
  };

  return (
    <Box>
      <Heading size="lg" mb="4">
        Customers
      </Heading>
      <Ctx.Provider value={ctx}>
        <DataTable<CustomerRow>
          name="customers"
          data={table.rows}
          columns={COLUMNS}
          getRowId={(c) => c.id}
          pageSizes={PAGE_SIZES.customers}
          rowStyle={rowStyle}
          loading={table.loading}
          manual={table.manual}
          exportRows={table.exportRows}
          toolbar={
            <Button size="sm" variant="outline" onClick={() => void refresh()} loading={refreshing}>
              Refresh
            </Button>
          }
        />
      </Ctx.Provider>
    </Box>
  );
}
