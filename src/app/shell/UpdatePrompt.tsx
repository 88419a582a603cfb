import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { isSending } from '../../sync/engine';
import { activateWaiting, onWaiting } from './serviceWorker';

/** 'A new version is ready' with a Reload button, when a worker waits (never while the outbox is sending). */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <HStack bg="blue.50" px="3" py="2" borderRadius="md" data-testid="update-prompt">
      <Text fontSize="sm">A new version of BayBook is ready.</Text>
      <Button size="xs" disabled={isSending()} onClick={activateWaiting}>
        Reload
      </Button>
    </HStack>
  );
}
