import { Box, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { formatShop } from '../../domain/dates';
import { DECISION_WHEN, isMoneyField, isTimeField, shownValue, type ShownAs } from '../../domain/decisions';
import { isFinal } from '../../domain/jobs';
import { MSG, fill } from '../../domain/messages';
import type { Choice } from '../../domain/decisions';
import type { FieldConflictRow } from '../../sync/decisions';
import { useSync } from '../data/DataProvider';
import { notifyError } from '../feedback/toaster';

/** Who changed the field since, where and when (in the shop's time), or why nothing could land. */
function changedLine(f: FieldConflictRow['field'], tz: string): string {
  if (f.reason === 'deleted') return MSG.conflictDeleted;
  if (f.reason === 'blocked' && f.entity !== 'jobs') return MSG.conflictBlocked;
  const changed =
    f.by && f.at
      ? fill(MSG.conflictChanged, {
          user: f.by,
          device: f.device || 'the server',
          when: formatShop(f.at, tz, DECISION_WHEN),
        })
      : '';
  // a job completed or canceled since: who closed it, where and when
  if (f.reason === 'blocked') return [MSG.conflictJobClosed, changed].filter(Boolean).join(' ');
  return changed || MSG.conflictChangedUnknown;
}

/**
 * A job completed or canceled since the edit takes none (SPEC §4, for level 5 too; level 5 may reopen it): while it
 * stays closed on this device, only keep theirs is offered, and the conflict waits. Undefined while it is read.
 */
function useClosedJob(f: FieldConflictRow['field']): boolean | undefined {
  const engine = useSync();
  const closable = f.reason === 'blocked' && f.entity === 'jobs';
  const closed = useLiveQuery(async () => {
    if (!closable) return false;
    const job = await engine.db.jobs.get(f.id);
    return !job || isFinal(job.status);
  }, [engine, closable, f.id]);
  return closable ? closed : false;
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
      {closed && (
        <Text fontSize="sm" mt="1">
          {MSG.conflictJobReopen}
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
  const shown = { money: isMoneyField(f.entity, f.field), time: isTimeField(f.entity, f.field), tz };
  // a price in cents, a booking time or a list of services is not typed as text: keep theirs or use mine
  const typed = !shown.money && !shown.time && !Array.isArray(f.mine);
  const closed = useClosedJob(f);
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
