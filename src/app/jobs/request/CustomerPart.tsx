import { Badge, Box, Button, Field, Flex, Input, Stack, Switch, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MSG } from '../../../domain/messages';
import type { CustomerRow } from '../../../local/db';
import { ScanButton } from '../../scan/ScanButton';
import { Section } from '../../ui/Section';
import { isBlocked } from './form';
import type { CustomerLookup } from './useCustomerLookup';

/**
 * Make Service Request's Customer part: the lookup by VIN or registration (Enter, Find, or a scanned VIN label,
 * which looks up at once as Receive does with a product label), the matches to choose from, the chosen customer; or,
 * switched to New customer, the new customer's fields (`fields`).
 */
export function CustomerPart(props: {
  newCustomer: boolean;
  onNewCustomer: (on: boolean) => void;
  fields: ReactNode;
  lookup: CustomerLookup;
  onFind: (text: string) => void;
}) {
  const { newCustomer, onNewCustomer, fields, lookup, onFind } = props;
  const toggle = (
    <Switch.Root checked={newCustomer} onCheckedChange={(d) => onNewCustomer(d.checked)}>
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>New customer</Switch.Label>
    </Switch.Root>
  );
  return (
    <Section title="Customer" right={toggle}>
      {newCustomer ? (
        fields
      ) : (
        <>
          <Field.Root invalid={!!lookup.error}>
            <Field.Label>VIN or registration</Field.Label>
            <Flex gap="2" w="full">
              <Input
                value={lookup.text}
                autoComplete="off"
                autoCapitalize="characters"
                placeholder="At least 3 characters"
                onChange={(e) => lookup.setText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    onFind(lookup.text);
                  }
                }}
              />
              <ScanButton
                kind="vin"
                onRead={(vin) => {
                  lookup.setText(vin);
                  onFind(vin);
                }}
              />
              <Button type="button" colorPalette="blue" variant="outline" onClick={() => onFind(lookup.text)}>
                Find
              </Button>
            </Flex>
            <Field.ErrorText>{lookup.error}</Field.ErrorText>
          </Field.Root>
          {lookup.matches.length > 1 && <Matches matches={lookup.matches} onChoose={lookup.choose} />}
          {lookup.customer && <CustomerSummary customer={lookup.customer} onChange={lookup.unpick} />}
        </>
      )}
    </Section>
  );
}

function BlockedBadge({ customer }: { customer: CustomerRow }) {
  return isBlocked(customer) ? (
    <Badge ml="2" colorPalette="red">
      Blocked
    </Badge>
  ) : null;
}

function Matches({ matches, onChoose }: { matches: CustomerRow[]; onChoose: (c: CustomerRow) => void }) {
  return (
    <Stack gap="2" mt="4" data-testid="lookup-matches">
      <Text fontSize="sm" color="fg.muted">
        {matches.length} customers match. Choose one:
      </Text>
      {matches.map((c) => (
        <Button
          key={c.id}
          type="button"
          variant="outline"
          justifyContent="flex-start"
          h="auto"
          py="3"
          whiteSpace="normal"
          textAlign="left"
          onClick={() => onChoose(c)}
        >
          <Box>
            <Text fontWeight="semibold">
              {c.registration} · {c.first_name} {c.last_name}
              <BlockedBadge customer={c} />
            </Text>
            <Text fontSize="sm" color="fg.muted">
              VIN {c.vin}
            </Text>
          </Box>
        </Button>
      ))}
    </Stack>
  );
}

function CustomerSummary({ customer, onChange }: { customer: CustomerRow; onChange: () => void }) {
  const blocked = isBlocked(customer);
  return (
    <Box
      mt="4"
      p="3"
      borderRadius="md"
      borderWidth="1px"
      bg={blocked ? 'pink.50' : 'green.50'}
      data-testid="selected-customer"
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="0.5">
          <Text fontWeight="semibold">
            {customer.first_name} {customer.last_name}
            <BlockedBadge customer={customer} />
          </Text>
          <Text fontSize="sm">
            {customer.registration} · VIN {customer.vin}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {customer.contact}
            {customer.email ? ` · ${customer.email}` : ''}
          </Text>
          {customer.note ? (
            <Text fontSize="sm" color="fg.muted">
              {customer.note}
            </Text>
          ) : null}
        </Stack>
        <Button size="sm" variant="outline" onClick={onChange}>
          Change customer
        </Button>
      </Flex>
      {blocked && (
        <Text mt="2" color="red.600" role="alert">
          {MSG.customerBlocked}
        </Text>
      )}
    </Box>
  );
}
