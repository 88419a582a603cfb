import { Alert, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LEVEL_NAMES } from '../../domain/levels';
import { can } from '../../domain/permissions';
import { customerSchema } from '../../domain/schemas/customer';
import type { CustomerRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { notify, notifyError } from '../feedback/toaster';
import { useSession } from '../session/session';
import { useConfirm } from '../ui/confirm';
import { CustomerFields, EMPTY_CUSTOMER, toCustomerForm, type CustomerFieldValues } from './CustomerFields';
import { DialogFrame } from '../ui/DialogFrame';
import { SavedDialog } from './SavedDialog';
import { submitWith } from '../ui/submitWith';

/**
 * SPEC §2 Add Customer: the six fields, Reset and Save; Save confirms with the entered details, then saves on this
 * device (repos.customers.add: the row and its POST /customer outbox entry, so it works offline). On the page the
 * user then chooses Do Service, Make Sale (levels that can sell) or Close; in the Make Sale dialog
 * (`AddCustomerDialog`) the new customer goes straight back to the caller. The Enter key never submits.
 *
 * Beyond SPEC: a customer with the same VIN or registration already on this device is named (a warning, never a block:
 * a vehicle can change hands, and a plate can move to another vehicle).
 */

/** The customers on this device with the same VIN or registration, each with what matched. */
export interface Duplicate {
  customer: CustomerRow;
  matches: ('VIN' | 'Registration Number')[];
}

function useDuplicates(vin: string, registration: string): Duplicate[] {
  const repos = useRepos();
  const v = vin.trim();
  const r = registration.trim();
  return (
    useLiveQuery(async () => {
      const [byVin, byReg] = await Promise.all([
        v.length >= 2 ? repos.customers.byVin(v) : Promise.resolve([]),
        r.length >= 2 ? repos.customers.byRegistration(r) : Promise.resolve([]),
      ]);
      const found = new Map<string, Duplicate>();
      for (const c of byVin) found.set(c.id, { customer: c, matches: ['VIN'] });
      for (const c of byReg) {
        const d = found.get(c.id);
        if (d) d.matches.push('Registration Number');
        else found.set(c.id, { customer: c, matches: ['Registration Number'] });
      }
      return [...found.values()];
    }, [repos, v, r]) ?? []
  );
}

export function DuplicateWarning({ duplicates }: { duplicates: Duplicate[] }) {
  if (duplicates.length === 0) return null;
  return (
    <Alert.Root status="warning" data-testid="duplicate-warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Already on this device</Alert.Title>
        <Alert.Description>
          <Stack gap="1" as="ul" listStyleType="none">
            {duplicates.map(({ customer: c, matches }) => (
              <li key={c.id}>
                {`${matches.join(' and ')} ${matches.length > 1 ? 'match' : 'matches'} ${c.first_name} ${c.last_name} (${c.registration}, VIN ${c.vin})`}
                {c.active === 0 ? ' (blocked)' : ''}
              </li>
            ))}
          </Stack>
          {duplicates.some((d) => d.matches.includes('VIN')) && (
            <Text mt="1" fontSize="sm">
              A VIN belongs to one customer: a second customer with the same VIN cannot be saved.
            </Text>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The entered details, as the confirm dialog shows them (SPEC's field names). */
function Details({ values, duplicates }: { values: CustomerFieldValues; duplicates: Duplicate[] }) {
  const form = toCustomerForm(values);
  return (
    <Stack gap="3">
      <Table.Root size="sm" data-testid="customer-details">
        <Table.Body>
          {Object.entries(form).map(([label, value]) => (
            <Table.Row key={label}>
              <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                {label}
              </Table.Cell>
              <Table.Cell wordBreak="break-all">{value || '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <DuplicateWarning duplicates={duplicates} />
    </Stack>
  );
}

/** Enter in a field does not submit the form (SPEC §2); it still works in a textarea and on buttons. */
function blockEnter(e: KeyboardEvent<HTMLFormElement>) {
  const t = e.target as HTMLElement;
  if (e.key === 'Enter' && t.tagName === 'INPUT') e.preventDefault();
}

export interface AddCustomerFormProps {
  /**
   * Called with the new customer instead of offering Do Service / Make Sale / Close (the Make Sale dialog). Without it
   * the form offers those choices itself.
   */
  onSaved?: (id: string, customer: CustomerRow) => void;
  /** shows a Cancel button (the dialog) */
  onCancel?: () => void;
}

/**
 * Save, once the customer's details are confirmed (with any vehicle already on the device named): the new customer
 * goes to `onSaved` (the Make Sale dialog) or to the Customer saved dialog.
 */
function useSaveCustomer(
  duplicates: Duplicate[],
  onSaved: AddCustomerFormProps['onSaved'],
  clear: () => void,
  setSaved: (row: CustomerRow) => void,
) {
  const repos = useRepos();
  const confirm = useConfirm();
  return async (values: CustomerFieldValues) => {
    const ok = await confirm({
      title: 'Save this customer?',
      message: <Details values={values} duplicates={duplicates} />,
      confirmLabel: 'Save',
    });
    if (!ok) return;
    try {
      const id = await repos.customers.add(toCustomerForm(values));
      // emptied at once: left filled, the form's duplicate check finds the customer just saved and names it as
      // already on this device behind "Customer saved"
      clear();
      const row = (await repos.customers.get(id))!;
      if (onSaved) {
        notify(`Customer ${row.first_name} ${row.last_name} saved`);
        onSaved(id, row);
      } else {
        setSaved(row);
      }
    } catch (err) {
      notifyError(err);
    }
  };
}

export function AddCustomerForm({ onSaved, onCancel }: AddCustomerFormProps) {
  const level = useSession()?.permission ?? 0;
  const [saved, setSaved] = useState<CustomerRow | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<CustomerFieldValues>({ resolver: yupResolver(customerSchema), defaultValues: EMPTY_CUSTOMER });
  const vin = useWatch({ control, name: 'vin' }) ?? '';
  const registration = useWatch({ control, name: 'registration' }) ?? '';
  const duplicates = useDuplicates(vin, registration);
  const allowed = can('customer.add', level);

  const clear = () => reset(EMPTY_CUSTOMER);

  const save = useSaveCustomer(duplicates, onSaved, clear, setSaved);

  const closeSaved = () => {
    setSaved(null);
    // again after the save has finished: the next customer starts unsubmitted, with no messages until Save
    clear();
  };

  return (
    <>
      <form noValidate aria-label="Add Customer" onSubmit={(e) => e.preventDefault()} onKeyDown={blockEnter}>
        <Stack gap="4">
          {!allowed && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>{`Adding customers needs ${LEVEL_NAMES[2]} (level 2) or higher.`}</Alert.Description>
            </Alert.Root>
          )}
          <CustomerFields
            register={register}
            errors={errors}
            vin={vin}
            onScanVin={(v) => setValue('vin', v, { shouldDirty: true, shouldValidate: isSubmitted })}
          />
          <DuplicateWarning duplicates={duplicates} />
          <FormButtons
            onCancel={onCancel}
            onReset={clear}
            onSave={submitWith(handleSubmit, save)}
            busy={isSubmitting}
            allowed={allowed}
          />
        </Stack>
      </form>
      {!onSaved && <SavedDialog saved={saved} level={level} onClose={closeSaved} />}
    </>
  );
}

/** Cancel (in the dialog), Reset, and Save (off below the level that may add customers). */
function FormButtons(props: {
  onCancel?: () => void;
  onReset: () => void;
  onSave: () => void;
  busy: boolean;
  allowed: boolean;
}) {
  return (
    <HStack gap="3" justify="flex-end" wrap="wrap">
      {props.onCancel && (
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      )}
      <Button type="button" variant="outline" onClick={props.onReset} minW="24">
        Reset
      </Button>
      <Button
        type="button"
        colorPalette="blue"
        minW="24"
        loading={props.busy}
        disabled={!props.allowed}
        onClick={props.onSave}
      >
        Save
      </Button>
    </HStack>
  );
}

/**
 * The same form as a dialog, for the Make Sale screen (SPEC §2): `onSaved(id, customer)` gets the new customer and the
 * dialog closes (the sale screen then opens /make-sale?id={id}). The form starts empty each time it opens.
 */
export function AddCustomerDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (id: string, customer: CustomerRow) => void;
}) {
  return (
    <DialogFrame
      title="Add Customer"
      testId="add-customer-dialog"
      open={open}
      size={{ base: 'full', md: 'lg' }}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={false}
      closeButton={false}
      onClose={onClose}
    >
      <Box pb="2">
        <AddCustomerForm
          onCancel={onClose}
          onSaved={(id, row) => {
            onSaved(id, row);
            onClose();
          }}
        />
      </Box>
    </DialogFrame>
  );
}
