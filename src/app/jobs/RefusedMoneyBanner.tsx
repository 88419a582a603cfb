import { Alert, Button, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { MSG, fill } from '../../domain/messages';
import { useSync } from '../data/context';
import { RefusedList } from '../shell/RefusedList';
import { DialogFrame } from '../ui/DialogFrame';

/**
 * A refused payment, discount, redemption or item return stays in view on the Dashboard (issue 14) until someone has
 * dealt with it — discarded it with a reason, or retried it — because money may be in the drawer with no record.
 * Review opens the refused list here, where each says why it was refused and what to do.
 */
export function RefusedMoneyBanner() {
  const engine = useSync();
  const [open, setOpen] = useState(false);
  const money = useLiveQuery(async () => (await engine.conflicts.list()).filter((c) => c.money), [engine]) ?? [];
  if (money.length === 0) return null;
  return (
    <Alert.Root status="error" data-testid="refused-money-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {money.length === 1 ? MSG.refusedMoneyBannerOne : fill(MSG.refusedMoneyBanner, { count: money.length })}
        </Alert.Title>
        <Alert.Description>
          {money.map((c) => (
            <Text key={c.id} fontSize="sm">
              {c.what}
              {c.reason ? ` — ${c.reason}` : ''}
            </Text>
          ))}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" onClick={() => setOpen(true)}>
        Review
      </Button>
      <DialogFrame
        open={open}
        onClose={() => setOpen(false)}
        title="Changes the server refused"
        testId="refused-money-review"
      >
        <RefusedList />
      </DialogFrame>
    </Alert.Root>
  );
}
