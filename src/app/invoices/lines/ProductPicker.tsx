import { Badge, Box, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useState } from 'react';
import { formatUSD } from '../../../domain/money';
import { PRODUCT_SEARCH_MIN } from '../../../domain/schemas/product';
import { checkCanAdd, checkQty } from '../../../domain/totals';
import type { ProductRow } from '../../../local/db';
import { RESULT_ROW } from '../../ui/resultRow';
import { useRepos } from '../../data/DataProvider';
import { ScanButton } from '../../scan/ScanButton';
import type { Line } from './types';

/** A product as a new line: qty starts at 1 (SPEC §3). */
export function lineOf(p: Pick<ProductRow, 'id' | 'title' | 'description' | 'price'>): Line {
  return { id: p.id, title: p.title, description: p.description, price: p.price, qty: 1 };
}

/**
 * Whether one more unit of a product may go on the lines (SPEC §5): a product with stock below 1 cannot be added
 * ('Inventory low, cannot add this product'); a product already on the lines is not added twice — it grows by one
 * (the domain's addLine), within what is available ('{title} has only ({stock}) in stock').
 * `available` is the stock plus what a saved document already holds (defaults to the product's stock).
 */
export function checkAddProduct(
  p: Pick<ProductRow, 'id' | 'title' | 'stock'>,
  lines: readonly Line[] = [],
  available?: number,
) {
  const can = checkCanAdd(p.stock);
  if (!can.ok) return can;
  const existing = lines.find((l) => l.id === p.id);
  return existing ? checkQty({ title: p.title, qty: existing.qty + 1 }, available ?? p.stock) : can;
}

export interface ProductPickerProps {
  /** called with a new line (qty 1) for a product that may be added; add it with the domain's addLine */
  onAdd: (line: Line, product: ProductRow) => void;
  disabled?: boolean;
  /** the lines already on the document, so a product on them grows within its stock instead of being added twice */
  lines?: readonly Line[];
  /** units available for a product (stock plus what the saved document holds); defaults to the product's stock */
  stockOf?: (id: string) => number | undefined;
  label?: string;
}

/**
 * SPEC §2 product picker: search from 3 typed characters over the device's products (title, barcode, description,
 * id: repos.products.search), showing title, price and stock; Add puts a line of qty 1 on the document.
 */
export function ProductPicker({ onAdd, disabled, lines = [], stockOf, label = 'Search products' }: ProductPickerProps) {
  const repos = useRepos();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = useDeferredValue(text.trim());
  const enough = q.length >= PRODUCT_SEARCH_MIN;
  const results = useLiveQuery(
    () => (enough ? repos.products.search(q) : Promise.resolve([] as ProductRow[])),
    [repos, q, enough],
  );

  const add = (p: ProductRow) => {
    const ok = checkAddProduct(p, lines, stockOf?.(p.id));
    if (!ok.ok) {
      setError(ok.message);
      return;
    }
    setError(null);
    setText('');
    onAdd(lineOf(p), p);
  };

  // typed, pasted, a keyboard scanner's code or the camera's read (issue 18): one way into the search
  const type = (value: string) => {
    setText(value);
    setError(null);
  };

  const inList = (id: string) => lines.some((l) => l.id === id);
  const hint =
    text.trim().length > 0 && !enough
      ? `Type ${PRODUCT_SEARCH_MIN} or more characters`
      : 'Type 3 or more characters: title, barcode or description';

  return (
    <Stack gap="2" data-testid="product-picker">
      <Field.Root invalid={!!error} disabled={disabled}>
        <Field.Label>{label}</Field.Label>
        <Flex gap="2" w="full">
          <Input
            value={text}
            placeholder="Title, barcode or description"
            autoComplete="off"
            onChange={(e) => type(e.target.value)}
          />
          <ScanButton kind="product" onRead={type} disabled={disabled} />
        </Flex>
        {error ? <Field.ErrorText role="alert">{error}</Field.ErrorText> : <Field.HelperText>{hint}</Field.HelperText>}
      </Field.Root>
      {enough && results && (
        <Box borderWidth="1px" borderRadius="md" maxH="64" overflowY="auto" data-testid="product-results">
          {results.length === 0 ? (
            <Text p="3" color="fg.muted">{`No products match '${q}'`}</Text>
          ) : (
            results.map((p) => (
              <ResultRow key={p.id} product={p} inList={inList(p.id)} disabled={disabled} onAdd={() => add(p)} />
            ))
          )}
        </Box>
      )}
    </Stack>
  );
}

/** A product found: title, description and barcode, price, stock (red when none, orange when low) and Add. */
function ResultRow({
  product: p,
  inList,
  disabled,
  onAdd,
}: {
  product: ProductRow;
  inList: boolean;
  disabled?: boolean;
  onAdd: () => void;
}) {
  return (
    <Flex data-testid="product-result" data-product-id={p.id} {...RESULT_ROW} bg={p.stock < 1 ? 'pink.50' : undefined}>
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {p.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {p.description}
          {p.barcode ? ` · ${p.barcode}` : ''}
        </Text>
      </Stack>
      <Flex gap="3" align="center" flexShrink={0}>
        <Text>{formatUSD(p.price)}</Text>
        <Badge
          colorPalette={p.stock < 1 ? 'red' : p.stock <= p.low_stock ? 'orange' : 'green'}
        >{`Stock: ${p.stock}`}</Badge>
        <Button size="xs" colorPalette="blue" disabled={disabled} aria-label={`Add ${p.title}`} onClick={onAdd}>
          {inList ? 'Add 1 more' : 'Add'}
        </Button>
      </Flex>
    </Flex>
  );
}
