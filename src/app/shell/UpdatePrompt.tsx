import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { MSG } from '../../domain/messages';
import { useSyncStatus } from '../data/context';
import { activateWaiting, onWaiting } from './serviceWorker';

/**
 * 'A new version is ready' with a Reload button, when a worker waits. Reload is disabled while the outbox is sending
 * (live: the engine's status store re-renders this when sending starts or stops), and says why.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  const { sending } = useSyncStatus();
  useEffect(() => onWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <HStack bg="blue.50" px="3" py="2" borderRadius="md" data-testid="update-prompt" wrap="wrap">
      <Text fontSize="sm">{MSG.updateReady}</Text>
      <Button size="xs" disabled={sending} onClick={activateWaiting}>
        Reload
      </Button>
      {sending && (
        <Text fontSize="xs" color="fg.muted">
          {MSG.updateWaitsForSync}
        </Text>
      )}
    </HStack>
  );
}
