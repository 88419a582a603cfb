import { Box, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { formatShop } from '../../domain/dates';
import {
  DECISION_WHEN,
  isLinesField,
  isMoneyField,
  isTimeField,
  lineIds,
  shownValue,
  type ShownAs,
} from '../../domain/decisions';
import { isFinal } from '../../domain/jobs';
import { MSG, fill } from '../../domain/messages';
import { isInvoiceLocked } from '../../domain/totals';
import type { Choice } from '../../domain/decisions';
import type { FieldConflictRow } from '../../sync/decisions';
import { useSync } from '../data/DataProvider';
import { notifyError } from '../feedback/toaster';

/** Why nothing of the edit could land, by the record's table. */
const BLOCKED: Record<string, string> = {
  jobs: MSG.conflictJobClosed,
  invoices: MSG.conflictInvoicePaid,
  customers: MSG.conflictBlocked,
};

/** Who changed the field since, where and when (in the shop's time), or why nothing could land. */
function changedLine(f: FieldConflictRow['field'], tz: string): string {
  if (f.reason === 'deleted') return MSG.conflictDeleted;
  const changed =
    f.by && f.at
      ? fill(MSG.conflictChanged, {
          user: f.by,
          device: f.device || 'the server',
          when: formatShop(f.at, tz, DECISION_WHEN),
        })
      : '';
  // a job completed or canceled, an invoice paid, a customer blocked since: who did it, where and when
  if (f.reason === 'blocked') return [BLOCKED[f.entity] ?? MSG.conflictBlocked, changed].filter(Boolean).join(' ');
  return changed || MSG.conflictChangedUnknown;
}

/**
 * A job completed or canceled since the edit takes none (SPEC §4, for level 5 too; level 5 may reopen it), nor does an
 * invoice paid in full since (SPEC §4 locks it until a payment is removed): while it stays so on this device, only
 * keep theirs is offered, and the conflict waits. A customer blocked since may still be edited (SPEC: a block keeps
 * them out of service requests, not out of the table): use mine lands and they stay blocked. Undefined while read.
 */
function useClosed(f: FieldConflictRow['field']): boolean | undefined {
  const engine = useSync();
  const closable = f.reason === 'blocked' && (f.entity === 'jobs' || f.entity === 'invoices');
  const closed = useLiveQuery(async () => {
    if (!closable) return false;
    if (f.entity === 'invoices') {
      const inv = await engine.db.invoices.get(f.id);
      return !inv || isInvoiceLocked(inv);
    }
    const job = await engine.db.jobs.get(f.id);
    return !job || isFinal(job.status);
  }, [engine, closable, f.entity, f.id]);
  return closable ? closed : false;
}

/** The titles of the products an invoice's or an estimate's lines name, for "2 × Brake pads". */
function useTitles(f: FieldConflictRow['field']): Record<string, string> {
  const engine = useSync();
  const lines = isLinesField(f.entity, f.field);
  const titles = useLiveQuery(async () => {
    if (!lines) return {};
    const rows = await engine.db.products.bulkGet([...lineIds(f.mine), ...lineIds(f.theirs)]);
    return Object.fromEntries(rows.flatMap((p) => (p ? [[p.id, p.title]] : [])));
  }, [engine, lines, f.mine, f.theirs]);
  return titles ?? {};
}

/** What the person is told beside the actions: why only keep theirs, or what use mine does to a blocked customer. */
function afterWord(f: FieldConflictRow['field'], closed?: boolean): string {
  if (closed) return f.entity === 'invoices' ? MSG.conflictInvoicePaidKeep : MSG.conflictJobReopen;
  return f.reason === 'blocked' && f.entity === 'customers' ? MSG.conflictBlockedMine : '';
}

/** The record, the field, both values (as the field is shown), who changed it, and why nothing can land yet. */
function Facts({ c, tz, shown, closed }: { c: FieldConflictRow; tz: string; shown: ShownAs; closed?: boolean }) {
  const f = c.field;
  return (
    <>
      <Text fontWeight="semibold">{f.record}</Text>
      <Text fontSize="sm">{f.label}</Text>
      <Stack gap="0" mt="1">
        <Text>
          <Text as="span" fontWeight="semibold">
            What you wrote:{' '}
          </Text>
          {shownValue(f.mine, shown)}
        </Text>
        <Text>
          <Text as="span" fontWeight="semibold">
            What is there now:{' '}
          </Text>
          {f.reason === 'deleted' ? MSG.conflictEmpty : shownValue(f.theirs, shown)}
        </Text>
      </Stack>
      <Text fontSize="xs" color="fg.muted">
        {changedLine(f, tz)} · you edited it as {c.entry.actor}
      </Text>
      {afterWord(f, closed) && (
        <Text fontSize="sm" mt="1">
          {afterWord(f, closed)}
        </Text>
      )}
    </>
  );
}

/**
 * One field conflict of the "Needs your decision" list (issue 14): the record, the field, what you wrote and what
 * is there now, who changed it, on which device and when. Keep theirs, use mine (sent against what is there now),
 * or edit and send (a price or a booking is edited on its own screen); each decision goes to the activity log.
 */
export function Decision({ c, tz }: { c: FieldConflictRow; tz: string }) {
  const engine = useSync();
  const f = c.field;
  const titles = useTitles(f);
  const shown = { money: isMoneyField(f.entity, f.field), time: isTimeField(f.entity, f.field), tz, titles };
  // a price in cents, a booking time, a list (services, lines) or customer details are not typed as text here
  const typed = !shown.money && !shown.time && (f.mine === null || typeof f.mine !== 'object');
  const closed = useClosed(f);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => (f.mine === null || f.mine === undefined ? '' : String(f.mine)));
  const [busy, setBusy] = useState(false);
  const decide = (choice: Choice, value?: unknown) => {
    setBusy(true);
    engine.conflicts
      .decide(c.id, choice, value)
      .catch(notifyError)
      .finally(() => setBusy(false));
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="decision">
      <Facts c={c} tz={tz} shown={shown} closed={closed} />
      {editing ? (
        <Stack mt="2" gap="2">
          <Textarea aria-label={`New ${f.label}`} value={text} onChange={(e) => setText(e.target.value)} rows={2} />
          <HStack>
            <Button size="xs" loading={busy} onClick={() => decide('edited', text)}>
              Send
            </Button>
            <Button size="xs" variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack mt="2" wrap="wrap">
          <Button size="xs" variant="outline" disabled={busy} onClick={() => decide('theirs')}>
            {MSG.keepTheirs}
          </Button>
          {f.reason !== 'deleted' && closed === false && (
            <>
              <Button size="xs" disabled={busy} onClick={() => decide('mine')}>
                {MSG.useMine}
              </Button>
              {typed && (
                <Button size="xs" variant="outline" disabled={busy} onClick={() => setEditing(true)}>
                  {MSG.editAndSend}
                </Button>
              )}
            </>
          )}
        </HStack>
      )}
    </Box>
  );
}
