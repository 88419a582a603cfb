import { Box, Button, Field, Flex, HStack, Input, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { RefObject } from 'react';
import { formatShop } from '../../../domain/dates';
import { formatUSD } from '../../../domain/money';
import { LIMITS } from '../../../domain/schemas/fields';
import type { ProductRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { ScanButton } from '../../scan/ScanButton';
import { useShopTimeZone } from '../../ui/useShopTimeZone';

/** The parts of Receive Inventory (ReceiveDialog.tsx): the search, what it found, the product's figures and log. */

/** The search box and its camera button. A keyboard scanner ends its code with Enter: that goes on to the amount. */
export function SearchField(props: {
  typed: string;
  onType: (value: string) => void;
  onScan: (value: string) => void;
  next: RefObject<HTMLInputElement | null>;
}) {
  return (
    <Field.Root>
      <Field.Label>Search product</Field.Label>
      <Flex gap="2" w="full">
        <Input
          autoFocus
          autoComplete="off"
          maxLength={LIMITS.short}
          value={props.typed}
          onChange={(e) => props.onType(e.target.value)}
          onKeyDown={(e) => {
            // do not save without an amount
            if (e.key !== 'Enter') return;
            e.preventDefault();
            props.next.current?.focus();
          }}
          placeholder="Barcode, title, id or description"
        />
        <ScanButton kind="product" onRead={props.onScan} />
      </Flex>
      <Field.HelperText>The search runs at 3, 6, 9… characters.</Field.HelperText>
    </Field.Root>
  );
}

/** The products found, the chosen one pressed. */
export function Results(props: {
  results: ProductRow[];
  typed: string;
  chosenId: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <Stack gap="1" data-testid="receive-results" maxH="40" overflowY="auto">
      {!props.results.length && (
        <Text fontSize="sm" color="fg.muted">
          No product found for {props.typed}.
        </Text>
      )}
      {props.results.map((p) => (
        <Button
          key={p.id}
          size="sm"
          variant={p.id === props.chosenId ? 'solid' : 'outline'}
          justifyContent="flex-start"
          onClick={() => props.onChoose(p.id)}
          aria-pressed={p.id === props.chosenId}
        >
          {p.title} — {p.description}
        </Button>
      ))}
    </Stack>
  );
}

/** The chosen product's cost, price and stock now. */
export function Figures({ product }: { product: ProductRow }) {
  const stats = [
    { label: 'Cost', testId: 'receive-cost', value: formatUSD(product.cost ?? 0) },
    { label: 'Price', testId: 'receive-price', value: formatUSD(product.price) },
    { label: 'Stock', testId: 'receive-stock', value: product.stock },
  ];
  return (
    <SimpleGrid columns={3} gap="2">
      {stats.map((s) => (
        <Stat.Root key={s.label} size="sm">
          <Stat.Label>{s.label}</Stat.Label>
          <Stat.ValueText data-testid={s.testId}>{s.value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/** Recent inventory: what was received (and taken) lately, in a list scrolling at about 130 px. */
export function RecentLog({ productId }: { productId: string }) {
  const repos = useRepos();
  const timeZone = useShopTimeZone();
  const log = useLiveQuery(() => repos.products.inventoryLog(productId), [repos, productId]);
  return (
    <Box>
      <Text fontSize="sm" fontWeight="medium" mb="1">
        Recent inventory
      </Text>
      <Box
        as="ul"
        listStyleType="none"
        maxH="130px"
        overflowY="auto"
        borderWidth="1px"
        borderRadius="sm"
        px="2"
        py="1"
        data-testid="receive-log"
      >
        {!log?.length && (
          <Text as="li" fontSize="sm" color="fg.muted">
            Nothing received yet.
          </Text>
        )}
        {(log ?? []).map((e) => (
          <HStack as="li" key={e.id} justify="space-between" fontSize="sm">
            <Text>{Number(e.amount) > 0 ? `+${String(e.amount)}` : String(e.amount)}</Text>
            <Text color="fg.muted">{e.created_at ? formatShop(String(e.created_at), timeZone) : ''}</Text>
          </HStack>
        ))}
      </Box>
    </Box>
  );
}
