import { Checkbox, Field, HStack, Input, Stack, Table, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { formatUSD } from '../../../domain/money';
import { STORAGE_LINE_ID } from '../../../domain/totals';
import type { InvoiceRow } from '../../../local/db';
import type { Line } from '../../../local/repositories/invoices';
import { LocalWriteError } from '../../../local/write';
import { useRepos } from '../../data/DataProvider';
import { notify } from '../../feedback/toaster';
import { ActionDialog, failure } from './ActionDialog';
import { useSubmitOnce } from './useSubmitOnce';

const COMMENT_MAX = 500;

/**
 * SPEC §5 Item return: a checked item, a quantity up to what was sold (less what was returned before) and a comment
 * stating the reason; repos.invoices.returnItems puts the units back in stock and reduces the invoice.
 */
export function ItemReturnDialog({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const repos = useRepos();
  const once = useSubmitOnce();
  const lines = ((invoice.products ?? []) as Line[]).filter(
    (l) => l.id !== STORAGE_LINE_ID && l.qty - (l.returned ?? 0) > 0,
  );
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [comment, setComment] = useState('');
  const [error, setError] = useState<{ message: string; hint?: string } | null>(null);

  const submit = () =>
    once.run(async () => {
      const items = Object.entries(picked).map(([id, q]) => ({ id, qty: Number(q) }));
      const fits = items.every((it) => {
        const l = lines.find((x) => x.id === it.id);
        return !!l && Number.isInteger(it.qty) && it.qty >= 1 && it.qty <= l.qty - (l.returned ?? 0);
      });
      if (!items.length || !fits || !comment.trim()) return setError({ message: MSG.itemReturnInvalid });
      try {
        await repos.invoices.returnItems(invoice.id, items, comment.trim());
        once.finish();
        notify(`Returned ${items.reduce((n, it) => n + it.qty, 0)} item(s) to stock`);
        onClose();
      } catch (err) {
        setError(failure(err, MSG.failedProcess, (e) => e instanceof LocalWriteError));
      }
    });

  return (
    <ActionDialog
      title="Item Return"
      testId="return-dialog"
      submitLabel="Return items"
      pending={once.pending}
      error={error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack gap="3">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Item</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Sold</Table.ColumnHeader>
              <Table.ColumnHeader>Return qty</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((l) => {
              const left = l.qty - (l.returned ?? 0);
              const checked = l.id in picked;
              return (
                <Table.Row key={l.id}>
                  <Table.Cell>
                    <Checkbox.Root
                      checked={checked}
                      onCheckedChange={(e) => {
                        setError(null);
                        setPicked((p) => {
                          const next = { ...p };
                          if (e.checked) next[l.id] = '1';
                          else delete next[l.id];
                          return next;
                        });
                      }}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {l.title} ({formatUSD(l.price)})
                      </Checkbox.Label>
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{left}</Table.Cell>
                  <Table.Cell>
                    <HStack>
                      <Input
                        size="sm"
                        w="20"
                        inputMode="numeric"
                        aria-label={`Return quantity of ${l.title}`}
                        disabled={!checked}
                        value={picked[l.id] ?? ''}
                        onChange={(e) => {
                          setError(null);
                          setPicked((p) => ({ ...p, [l.id]: e.target.value.replace(/\D/g, '').slice(0, 6) }));
                        }}
                      />
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        <Field.Root>
          <Field.Label>Reason for the return</Field.Label>
          <Textarea
            name="comment"
            rows={3}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Field.Root>
      </Stack>
    </ActionDialog>
  );
}
