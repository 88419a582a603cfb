import { Badge, Button, Field, HStack, Input, Textarea } from '@chakra-ui/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { can } from '../../domain/permissions';
import { NOTE_MAX } from '../../domain/schemas/customer';
import type { CustomerRow } from '../../local/db';
import { CONTACT_INPUT } from './CustomerFields';
import { useTableCtx, type EditField } from './tableContext';
import { ServiceHistoryButton } from './ServiceHistory';
import { DiscountSelect } from '../ui/DiscountSelect';
import { useListUser } from '../ui/list/cells';
import { SaveCancelButtons } from '../ui/list/RowButtons';

/** The Customers table's cells: a value or its input while the row is edited, the status, the actions. */

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

/** A cell showing the value, or its input when the row is being edited. */
export function EditableCell({ row, field, children }: { row: CustomerRow; field: EditField; children?: ReactNode }) {
  const ctx = useTableCtx();
  if (ctx.editingId !== row.id) return <>{children ?? String(row[field] ?? '')}</>;
  const error = ctx.errors[field]?.message;
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') ctx.cancel();
    else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      ctx.save();
    }
  };
  let input: ReactNode;
  if (field === 'discount') {
    input = (
      <DiscountSelect
        size="sm"
        current={Number(row.discount ?? 0)}
        aria-label={LABELS[field]}
        {...ctx.register('discount')}
        onKeyDown={onKeyDown}
      />
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

export function StatusCell({ row }: { row: CustomerRow }) {
  return row.active === 0 ? <Badge colorPalette="red">Blocked</Badge> : <Badge colorPalette="green">Active</Badge>;
}

export function ActionsCell({ row }: { row: CustomerRow }) {
  const ctx = useTableCtx();
  const { level } = useListUser();
  if (ctx.editingId === row.id)
    return <SaveCancelButtons size="sm" saving={ctx.saving} onSave={ctx.save} onCancel={ctx.cancel} />;
  return (
    // the three actions wrap under each other rather than push the table past a desk screen's width
    <HStack gap="2" wrap="wrap" minW="28">
      {can('customer.edit', level) && (
        <Button size="sm" variant="outline" onClick={() => ctx.start(row)}>
          Edit
        </Button>
      )}
      {can('customer.history', level) && <ServiceHistoryButton customer={row} />}
      {can('customer.block', level) && (
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
