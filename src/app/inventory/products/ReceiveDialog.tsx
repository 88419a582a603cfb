import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { receiveSearchStarts } from '../../../domain/schemas';
import type { ProductRow } from '../../../local/db';
import { FormDialog } from '../../ui/FormDialog';
import { useRepos } from '../../data/DataProvider';
import { errorMessage, notify } from '../../feedback/toaster';
import { Barcode } from './Barcode';
import { Figures, RecentLog, Results, SearchField } from './receiveParts';

/**
 * The search: typed, it runs when the length is a multiple of 3; cleared, the old results go; a camera read is a
 * whole code, looked up at once. Only the latest search's answer counts, and one that finds one product chooses it.
 */
function useReceiveSearch(initialId: string | null) {
  const repos = useRepos();
  const [typed, setTyped] = useState('');
  const [results, setResults] = useState<ProductRow[] | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(initialId);
  const seq = useRef(0);

  const runSearch = (value: string) => {
    const mine = ++seq.current;
    void repos.products.search(value).then((found) => {
      if (mine !== seq.current) return;
      setResults(found);
      if (found.length === 1) setChosenId(found[0].id);
    });
  };
  const onType = (value: string) => {
    setTyped(value);
    if (value === '') {
      ++seq.current;
      setResults(null);
      return;
    }
    if (receiveSearchStarts(value)) runSearch(value);
  };
  const onScan = (value: string) => {
    setTyped(value);
    runSearch(value);
  };
  return { typed, results, chosenId, setChosenId, onType, onScan };
}

/**
 * Receive Inventory (SPEC §2, level 5): a product search by barcode, title, id or description that runs once the typed
 * length is a multiple of 3 (SPEC §5, the domain's receiveSearchStarts — a scanner's code or a typed word is looked
 * up at 3, 6, 9… characters); the chosen product's cost, price, current stock and recent inventory (a list scrolling
 * at about 130 px); the amount received; its barcode. Save → repos.products.receive, which adds the amount to stock
 * and queues PUT /v2/inventory/product {receival: true, amount}.
 */
export function ReceiveDialog({ initial, onClose }: { initial?: ProductRow | null; onClose: () => void }) {
  const repos = useRepos();
  const search = useReceiveSearch(initial?.id ?? null);
  const [amount, setAmount] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // live: the stock shown moves when a sale or another device's receiving arrives
  const { chosenId } = search;
  const chosen = useLiveQuery(() => (chosenId ? repos.products.get(chosenId) : undefined), [repos, chosenId]);

  const save = async () => {
    setRefusal(null);
    if (!chosen) return setRefusal('Search for the product received and choose it first.');
    const n = amount.trim() === '' ? Number.NaN : Number(amount);
    setSaving(true);
    try {
      await repos.products.receive(chosen.id, n);
      notify(`Received ${n} × ${chosen.title}`);
      onClose();
    } catch (err) {
      setRefusal(errorMessage(err));
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
      <SearchField typed={search.typed} onType={search.onType} onScan={search.onScan} next={amountInput} />
      {search.results && (
        <Results results={search.results} typed={search.typed} chosenId={chosenId} onChoose={search.setChosenId} />
      )}
      {chosen && (
        <Stack gap="3" data-testid="receive-product">
          <Text fontWeight="semibold">{chosen.title}</Text>
          <Figures product={chosen} />
          <RecentLog productId={chosen.id} />
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
