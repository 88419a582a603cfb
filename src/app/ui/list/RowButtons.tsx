import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A row's Edit and Delete (Members, Suppliers, products), each named for the row it acts on ('Edit Acme'), after the
 * row's own buttons (Receive); they wrap on a narrow table rather than push Delete out of reach.
 */
export function RowButtons(props: {
  /** the row's name in the buttons' accessible names */
  what: string;
  size: 'xs' | 'sm';
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <HStack gap={props.size === 'xs' ? '1' : '2'} wrap="wrap">
      {props.children}
      <Button size={props.size} variant="outline" onClick={props.onEdit} aria-label={`Edit ${props.what}`}>
        Edit
      </Button>
      <Button
        size={props.size}
        variant="outline"
        colorPalette="red"
        onClick={props.onDelete}
        aria-label={`Delete ${props.what}`}
      >
        Delete
      </Button>
    </HStack>
  );
}

/** The open row's Save (busy while it writes) and Cancel, in place of its actions. */
export function SaveCancelButtons(props: {
  size: 'xs' | 'sm';
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <HStack gap={props.size === 'xs' ? '1' : '2'}>
      <Button size={props.size} colorPalette="blue" onClick={props.onSave} loading={props.saving}>
        Save
      </Button>
      <Button size={props.size} variant="outline" onClick={props.onCancel}>
        Cancel
      </Button>
    </HStack>
  );
}
