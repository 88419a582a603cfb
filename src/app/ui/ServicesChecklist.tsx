import { Checkbox, Fieldset, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ChecklistItem {
  title: string;
  description?: string;
}

/**
 * The one services checklist (Make Request, the estimate editor): a card per service with its description, ticked
 * by title; 'No services in the catalogue on this device yet.' once the catalogue has loaded empty. Each screen gives
 * the items (catalogue plus what it must keep), the ticked titles and what a tick does.
 */
export function ServicesChecklist({
  items,
  loaded,
  ticked,
  onToggle,
  error,
  disabled,
  legendHidden,
  badge,
}: {
  items: readonly ChecklistItem[];
  /** the catalogue has been read from the device */
  loaded: boolean;
  ticked: readonly string[];
  onToggle: (title: string, on: boolean) => void;
  error?: string;
  disabled?: boolean;
  /** the 'Services' legend for screen readers only (when the section already says it) */
  legendHidden?: boolean;
  /** shown after a service's title (e.g. Outstanding) */
  badge?: (title: string) => ReactNode;
}) {
  return (
    <Fieldset.Root invalid={!!error} disabled={disabled}>
      <Fieldset.Legend srOnly={legendHidden}>Services</Fieldset.Legend>
      {loaded && !items.length && (
        <Text fontSize="sm" color="fg.muted">
          No services in the catalogue on this device yet.
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="2" data-testid="services">
        {items.map((s) => (
          <Checkbox.Root
            key={s.title}
            checked={ticked.includes(s.title)}
            onCheckedChange={(d) => onToggle(s.title, d.checked === true)}
            disabled={disabled}
            alignItems="flex-start"
            p="3"
            borderWidth="1px"
            borderRadius="md"
            cursor="pointer"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>
              <Text as="span" display="block" fontWeight="medium">
                {s.title}
                {badge?.(s.title)}
              </Text>
              {s.description && (
                <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                  {s.description}
                </Text>
              )}
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
