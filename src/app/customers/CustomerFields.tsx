import { Field, Flex, Input, SimpleGrid, Text } from '@chakra-ui/react';
import type { FieldErrors } from 'react-hook-form';
import type { RegisterFields } from '../ui/formFields';
import { CONTACT_MAX_DIGITS } from '../../domain/schemas/customer';
import { decodeVin } from '../../domain/vin';
import { ScanButton } from '../scan/ScanButton';

/** The customer fields of SPEC §2/§5 in our keys; the forms map them to SPEC's payload keys when they save. */
export interface CustomerFieldValues {
  vin: string;
  registration: string;
  first_name: string;
  last_name: string;
  contact: string;
  email: string;
}

export const EMPTY_CUSTOMER: CustomerFieldValues = {
  vin: '',
  registration: '',
  first_name: '',
  last_name: '',
  contact: '',
  email: '',
};

/** SPEC §3's form payload keys, what POST /customer and the repository take. */
export function toCustomerForm(v: CustomerFieldValues) {
  return {
    VIN: v.vin.trim(),
    'Registration Number': v.registration.trim(),
    'First name': v.first_name.trim(),
    'Last name': v.last_name.trim(),
    'Contact number': v.contact.trim(),
    Email: v.email.trim(),
  };
}

/**
 * The ISO 3779 check of a 17-character VIN, offline: maker and model year when it decodes, a warning (never a block:
 * older vehicles) when the check digit fails.
 */
export function VinHint({ vin }: { vin: string }) {
  if (vin.trim().length !== 17) return null;
  const info = decodeVin(vin);
  if (!info.valid17) {
    return (
      <Text fontSize="xs" color="orange.600" data-testid="vin-hint">
        Not a standard 17-character VIN (letters I, O and Q are not used). Check it against the vehicle.
      </Text>
    );
  }
  const what = [info.year, info.maker].filter(Boolean).join(' ');
  return (
    <Text fontSize="xs" color={info.checkDigitOk ? 'green.700' : 'orange.600'} data-testid="vin-hint">
      {info.checkDigitOk
        ? `Check digit OK${what ? ` · ${what}` : ''}`
        : `Check digit does not match: please check the VIN${what ? ` (${what})` : ''}`}
    </Text>
  );
}

/** The contact input keeps digits only, at most 11 (SPEC §5, §9: not negative, capped at 11 digits). */
function contactDigits(v: unknown): string {
  return String(v ?? '')
    .replace(/\D+/g, '')
    .slice(0, CONTACT_MAX_DIGITS);
}

/**
 * What every contact-number input registers (Add Customer, the Make Sale dialog, the request's new customer, the
 * Customers table's edit): the field and the form's value keep the digits only, at most 11. The cap is this rule's,
 * never the input's maxLength: a browser cuts a paste to maxLength before onChange sees it, so "876-555-0142" pasted
 * would keep "876555014".
 */
export const CONTACT_INPUT = {
  // react-hook-form stores the value before onChange runs: setValueAs keeps the stored value as shown
  setValueAs: contactDigits,
  onChange: (e: { target: HTMLInputElement }) => {
    e.target.value = contactDigits(e.target.value);
  },
};

const FIELDS: { key: keyof CustomerFieldValues; label: string; type?: string; inputMode?: 'numeric' | 'email' }[] = [
  { key: 'vin', label: 'VIN' },
  { key: 'registration', label: 'Registration Number' },
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'contact', label: 'Contact number', type: 'tel', inputMode: 'numeric' },
  { key: 'email', label: 'Email', type: 'email', inputMode: 'email' },
];

/**
 * The six fields, for any react-hook-form whose values include CustomerFieldValues (Add Customer, the Make Sale
 * dialog, the new-customer part of the service request). The contact input takes digits only, at most 11 (SPEC §9).
 * With `onScanVin` the VIN has a Scan button (issue 18): the form sets the read VIN as if typed.
 */
export function CustomerFields({
  register,
  errors,
  vin,
  onScanVin,
}: {
  register: RegisterFields<CustomerFieldValues>;
  errors: FieldErrors<CustomerFieldValues>;
  vin: string;
  onScanVin?: (vin: string) => void;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {FIELDS.map((f) => (
        <Field.Root key={f.key} invalid={!!errors[f.key]} required={f.key !== 'email'}>
          <Field.Label>{f.label}</Field.Label>
          <Flex gap="2" w="full">
            <Input
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              autoComplete="off"
              {...register(f.key, f.key === 'contact' ? CONTACT_INPUT : undefined)}
            />
            {f.key === 'vin' && onScanVin && <ScanButton kind="vin" onRead={onScanVin} />}
          </Flex>
          {f.key === 'vin' && <VinHint vin={vin} />}
          <Field.ErrorText>{errors[f.key]?.message}</Field.ErrorText>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}
