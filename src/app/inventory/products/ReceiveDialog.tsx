import { Box, Button, Field, Flex, HStack, Input, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { formatShop } from '../../../domain/dates';
import { formatUSD } from '../../../domain/money';
import { receiveSearchStarts } from '../../../domain/schemas';
import type { ProductRow } from '../../../local/db';
import { FormDialog } from '../../admin/shared';
import { useRepos } from '../../data/DataProvider';
import { notify } from '../../feedback/toaster';
import { useShopTimeZone } from '../../ui/useShopTimeZone';
import { ScanButton } from '../../scan/ScanButton';
import { Barcode } from './Barcode';

/**
 * Receive Inventory (SPEC §2, level 5): a product search by barcode, title, id or description that runs once the typed
 * length is a multiple of 3 (SPEC §5, the domain's receiveSearchStarts — a scanner's code or a typed word is looked
 * up at 3, 6, 9… characters); the chosen product's cost, price, current stock and recent inventory (a list scrolling
 * at about 130 px); the amount received; its barcode. Save → repos.products.receive, which adds the amount to stock
 * and queues PUT /v2/inventory/product {receival: true, amount}.
 */
export function ReceiveDialog({ initial, onClose }: { initial?: ProductRow | null; onClose: () => void }) {
  const repos = useRepos();
  const timeZone = useShopTimeZone();
  const [typed, setTyped] = useState('');
  const [results, setResults] = useState<ProductRow[] | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(initial?.id ?? null);
  const [amount, setAmount] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const seq = useRef(0);
  const amountInput = useRef<HTMLInputElement>(null);

  // live: the stock shown moves when a sale or another device's receiving arrives
  const chosen = useLiveQuery(() => (chosenId ? repos.products.get(chosenId) : undefined), [repos, chosenId]);
  const log = useLiveQuery(() => (chosenId ? repos.products.inventoryLog(chosenId) : []), [repos, chosenId]);

  const onType = (value: string) => {
    setTyped(value);
    if (value === '') {
      // cleared: the old results go (a new search starts again at 3 characters)
      ++seq.current;
      setResults(null);
      return;
    }
    if (receiveSearchStarts(value)) runSearch(value);
  };

  // a camera read is a whole code, looked up at once whatever its length (typing looks up at 3, 6, 9…)
  const onScan = (value: string) => {
    setTyped(value);
    runSearch(value);
  };

  const runSearch = (value: string) => {
    const mine = ++seq.current;
    void repos.products.search(value).then((found) => {
      if (mine !== seq.current) return;
      setResults(found);
      // a scanned barcode (or any search) that finds one product chooses it
      if (found.length === 1) setChosenId(found[0].id);
    });
  };

  const save = async () => {
    setRefusal(null);
    if (!chosen) {
      setRefusal('Search for the product received and choose it first.');
      return;
    }
    const n = amount.trim() === '' ? Number.NaN : Number(amount);
    setSaving(true);
    try {
      await repos.products.receive(chosen.id, n);
      notify(`Received ${n} × ${chosen.title}`);
      onClose();
    } catch (err) {
      setRefusal(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title="Receive Inventory"
      onClose={onClose}
      onSubmit={() => void save()}
      saving={saving}
      error={refusal}
    >
      <Field.Root>
        <Field.Label>Search product</Field.Label>
        <Flex gap="2" w="full">
          <Input
            autoFocus
            autoComplete="off"
            maxLength={64}
            value={typed}
            onChange={(e) => onType(e.target.value)}
            onKeyDown={(e) => {
              // a keyboard scanner ends its code with Enter: go on to the amount, do not save without one
              if (e.key !== 'Enter') return;
              e.preventDefault();
              amountInput.current?.focus();
            }}
            placeholder="Barcode, title, id or description"
          />
          <ScanButton kind="product" onRead={onScan} />
        </Flex>
        <Field.HelperText>The search runs at 3, 6, 9… characters.</Field.HelperText>
      </Field.Root>
      {results && (
        <Stack gap="1" data-testid="receive-results" maxH="40" overflowY="auto">
          {!results.length && (
            <Text fontSize="sm" color="fg.muted">
              No product found for {typed}.
            </Text>
          )}
          {results.map((p) => (
            <Button
              key={p.id}
              size="sm"
              variant={p.id === chosenId ? 'solid' : 'outline'}
              justifyContent="flex-start"
              onClick={() => setChosenId(p.id)}
              aria-pressed={p.id === chosenId}
            >
              {p.title} — {p.description}
            </Button>
          ))}
        </Stack>
      )}
      {chosen && (
        <Stack gap="3" data-testid="receive-product">
          <Text fontWeight="semibold">{chosen.title}</Text>
          <SimpleGrid columns={3} gap="2">
            <Stat.Root size="sm">
              <Stat.Label>Cost</Stat.Label>
              <Stat.ValueText data-testid="receive-cost">{formatUSD(chosen.cost ?? 0)}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root size="sm">
              <Stat.Label>Price</Stat.Label>
              <Stat.ValueText data-testid="receive-price">{formatUSD(chosen.price)}</Stat.ValueText>
            </Stat.Root>
            <Stat.Root size="sm">
              <Stat.Label>Stock</Stat.Label>
              <Stat.ValueText data-testid="receive-stock">{chosen.stock}</Stat.ValueText>
            </Stat.Root>
          </SimpleGrid>
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
          <Field.Root required>
            <Field.Label>Amount received</Field.Label>
            <Input
              ref={amountInput}
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              value={amount}
              onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))}
            />
          </Field.Root>
          <Barcode value={chosen.barcode || chosen.id} />
        </Stack>
      )}
    </FormDialog>
  );
}
