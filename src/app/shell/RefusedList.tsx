import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { formatShop } from '../../domain/dates';
import { DECISION_WHEN } from '../../domain/decisions';
import { MSG, fill } from '../../domain/messages';
import type { ExplainedConflict } from '../../sync/discard';
import { useSync } from '../data/context';
import { notifyError } from '../feedback/toaster';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { Decision } from './Decision';
import { DiscardDialog } from './DiscardDialog';

/**
 * What needs a person (issue 14): the field conflicts ("Needs your decision", Decision.tsx), then the changes the
 * server refused, in a cashier's words: what it was, on which invoice and customer, why (worded from the server's
 * facts — who settled the invoice, where and when — or its message), what to do, and when, in the shop's time.
 * Discard says what will be lost and asks why (DiscardDialog); a discarded change stays listed below, with its
 * reason and whether its activity-log line has reached the server.
 */
export function RefusedList() {
  const engine = useSync();
  const tz = useShopTimeZone();
  const open = useLiveQuery(() => engine.conflicts.list(), [engine]) ?? [];
  const discarded = useLiveQuery(() => engine.conflicts.discarded(), [engine]) ?? [];
  // field conflicts first: two people changed the same thing, and nothing of it is lost until someone decides
  const decisions = useLiveQuery(() => engine.conflicts.decisions(), [engine]) ?? [];
  return (
    <Stack gap="3">
      {decisions.length > 0 && (
        <Stack gap="2" data-testid="decision-list">
          <Text fontWeight="semibold">{MSG.needsDecision}</Text>
          {decisions.map((c) => (
            <Decision key={c.id} c={c} tz={tz} />
          ))}
        </Stack>
      )}
      {open.length === 0 && decisions.length === 0 && <Text>Nothing was refused.</Text>}
      {open.length > 0 && decisions.length > 0 && <Text fontWeight="semibold">Changes the server refused</Text>}
      {open.map((c) => (
        <Refused key={c.id} c={c} tz={tz} />
      ))}
      {discarded.length > 0 && (
        <Stack gap="2" data-testid="discarded-list">
          <Text fontWeight="semibold" mt="2">
            Discarded
          </Text>
          {discarded.map((c) => (
            <Box key={c.id} borderWidth="1px" borderRadius="md" p="2" bg="bg.muted" data-testid="discarded">
              <Text>{c.what}</Text>
              {c.record && <Text fontSize="sm">{c.record}</Text>}
              <Text fontSize="xs" color="fg.muted">
                {fill(MSG.discardedLine, {
                  when: formatShop(c.discarded?.at ?? c.at, tz, DECISION_WHEN),
                  user: c.discarded?.by ?? '',
                })}{' '}
                · {c.logged ? MSG.discardedLogged : MSG.discardedLogWaiting}
              </Text>
              {c.discarded?.reason && <Text fontSize="sm">{c.discarded.reason}</Text>}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Refused({ c, tz }: { c: ExplainedConflict; tz: string }) {
  const engine = useSync();
  const [discarding, setDiscarding] = useState(false);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="conflict">
      <Text fontWeight="semibold">{c.what}</Text>
      {c.record && <Text fontSize="sm">{c.record}</Text>}
      <Text color="red.600">{c.reason ?? c.message}</Text>
      <Text fontSize="sm">{c.advice}</Text>
      <Text fontSize="xs" color="fg.muted">
        Refused {formatShop(c.at, tz, DECISION_WHEN)} · made by {c.entry.actor}
      </Text>
      <HStack mt="2">
        <Button size="xs" onClick={() => void engine.conflicts.retry(c.id).catch(notifyError)}>
          Retry
        </Button>
        <Button size="xs" variant="outline" onClick={() => setDiscarding(true)}>
          Discard
        </Button>
      </HStack>
      {discarding && <DiscardDialog c={c} onClose={() => setDiscarding(false)} />}
    </Box>
  );
}
