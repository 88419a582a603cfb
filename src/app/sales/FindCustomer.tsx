import { Badge, Box, Button, Field, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fill, MSG } from '../../domain/messages';
import type { CustomerRow } from '../../local/db';
import { AddCustomerDialog } from '../customers/AddCustomerForm';
import { RESULT_ROW } from '../ui/resultRow';
import { useRepos } from '../data/DataProvider';

/** SPEC §5 / §9: the customer lookup needs 3 or more characters. */
const LOOKUP_MIN = 3;

export const saleUrl = (id: string) => `/make-sale?id=${encodeURIComponent(id)}`;

function Result({ c, onPick }: { c: CustomerRow; onPick: () => void }) {
  const blocked = Number(c.active) === 0;
  return (
    <Flex
      as="li"
      data-testid="customer-result"
      data-customer-id={c.id}
      {...RESULT_ROW}
      bg={blocked ? 'pink.50' : undefined}
    >
      <Stack gap="0" minW="0">
        <Text fontWeight="medium">
          {`${c.first_name} ${c.last_name}`}
          {blocked && (
            <Badge ml="2" colorPalette="red">
              Blocked
            </Badge>
          )}
        </Text>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          {`${c.registration} · VIN ${c.vin} · ${c.contact}`}
        </Text>
      </Stack>
      <Button
        size="sm"
        colorPalette="blue"
        flexShrink={0}
        aria-label={`Sell to ${c.first_name} ${c.last_name}`}
        onClick={onPick}
      >
        Select
      </Button>
    </Flex>
  );
}

/**
 * SPEC §2 Make Sale without id: 'Find customer' (registration, contact number, customer id or VIN; names too) over the
 * device's customers (repos.customers.search, 3 or more characters), Quick Sale (no customer: id 'default'), and the
 * Add Customer dialog, whose new customer goes straight to their sale.
 */
export function FindCustomer() {
  const repos = useRepos();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);
  const q = useDeferredValue(text.trim());
  const enough = q.length >= LOOKUP_MIN;
  const results = useLiveQuery(
    () => (enough ? repos.customers.search(q) : Promise.resolve([] as CustomerRow[])),
    [repos, q, enough],
  );
  const short = text.trim().length > 0 && text.trim().length < LOOKUP_MIN;

  return (
    <Stack gap="5" maxW="4xl">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Heading size="lg">Make Sale</Heading>
        <HStack gap="2">
          <Button colorPalette="green" onClick={() => void navigate(saleUrl('default'))}>
            Quick Sale
          </Button>
          <Button variant="outline" onClick={() => setAdding(true)}>
            Add Customer
          </Button>
        </HStack>
      </Flex>
      <Field.Root invalid={short}>
        <Field.Label>Find customer</Field.Label>
        <Input
          value={text}
          autoComplete="off"
          placeholder="Registration, contact number, customer id or VIN"
          onChange={(e) => setText(e.target.value)}
        />
        {short ? (
          <Field.ErrorText>{MSG.lookupMin}</Field.ErrorText>
        ) : (
          <Field.HelperText>By registration, contact number, customer id or VIN</Field.HelperText>
        )}
      </Field.Root>
      {enough && results && (
        <Box borderWidth="1px" borderRadius="md" data-testid="customer-results">
          {results.length === 0 ? (
            <Text p="3" role="status">
              {fill(MSG.noRecordFound, { id: q })}
            </Text>
          ) : (
            <Box as="ul" listStyleType="none" m="0" p="0">
              {results.map((c) => (
                <Result key={c.id} c={c} onPick={() => void navigate(saleUrl(c.id))} />
              ))}
            </Box>
          )}
        </Box>
      )}
      <AddCustomerDialog open={adding} onClose={() => setAdding(false)} onSaved={(id) => void navigate(saleUrl(id))} />
    </Stack>
  );
}
