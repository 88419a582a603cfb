import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import type { EstimateProfile } from '../../../local/repositories/estimates';
import { ServicesChecklist, type ChecklistItem } from '../../ui/ServicesChecklist';
import type { DraftErrors } from './draft';

type Profile = Required<EstimateProfile>;

const PROFILE_FIELDS: {
  key: keyof Profile;
  label: string;
  required?: boolean;
  type?: string;
  inputMode?: 'tel' | 'email';
}[] = [
  { key: 'first_name', label: 'First name', required: true },
  { key: 'last_name', label: 'Last name', required: true },
  { key: 'contact', label: 'Contact number', type: 'tel', inputMode: 'tel' },
  { key: 'email', label: 'Email', type: 'email', inputMode: 'email' },
];

/** SPEC §3 Estimate profile: first name, last name (both required, SPEC §5), contact and email. */
export function ProfileFields({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: Profile;
  onChange: (p: Profile) => void;
  errors: DraftErrors;
  disabled?: boolean;
}) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      {PROFILE_FIELDS.map((f) => {
        const error = f.key === 'first_name' || f.key === 'last_name' ? errors[f.key] : undefined;
        return (
          <Field.Root key={f.key} required={f.required} invalid={!!error} disabled={disabled}>
            <Field.Label>{f.label}</Field.Label>
            <Input
              type={f.type ?? 'text'}
              inputMode={f.inputMode}
              autoComplete="off"
              value={value[f.key]}
              onChange={(e) => onChange({ ...value, [f.key]: e.target.value })}
            />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * The service checklist: the device's service catalogue (repos.jobs.catalogue), plus any service the estimate holds
 * that the catalogue no longer lists (so an edit never drops it silently).
 */
export function EstimateServices({
  catalogue,
  value,
  onChange,
  error,
  disabled,
}: {
  catalogue: readonly ChecklistItem[] | undefined;
  value: readonly string[];
  onChange: (services: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const known = new Set((catalogue ?? []).map((s) => s.title));
  const items = [
    ...(catalogue ?? []),
    ...value
      .filter((t) => !known.has(t))
      .map((title) => ({ title, description: 'Not in the service catalogue any more' })),
  ];
  const toggle = (title: string, on: boolean) =>
    onChange(on ? [...new Set([...value, title])] : value.filter((s) => s !== title));
  return (
    <ServicesChecklist
      items={items}
      loaded={!!catalogue}
      ticked={value}
      onToggle={toggle}
      error={error}
      disabled={disabled}
      legendHidden
    />
  );
}
