import { Badge, Box, Button, Drawer, HStack, Portal, Stack, Text, CloseButton } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { StorageState } from '../../local/db';
import { outboxSummary } from '../../sync/engine';
import { heldMessage } from '../../sync/status';
import { useData, useStorageState, useSync, useSyncStatus } from '../data/DataProvider';
import { notifyError } from '../feedback/toaster';

/** Always visible: online or not, how many changes are not yet on the server, conflicts, who must sign in. */
export function SyncStatus() {
  const status = useSyncStatus();
  const engine = useSync();
  const { db } = useData();
  // counted from the device's own outbox, live: until it is counted nothing is claimed to be on the server
  const outbox = useLiveQuery(() => outboxSummary(db), [db]);
  const [open, setOpen] = useState(false);
  const storagePromise = useStorageState();
  const [storage, setStorage] = useState<StorageState | null>(null);
  useEffect(() => {
    void storagePromise.then(setStorage, () => undefined);
  }, [storagePromise]);
  const conflicts = useLiveQuery(() => engine.conflicts.list(), [engine, status.conflicts]) ?? [];
  return (
    <HStack gap="2" wrap="wrap" data-testid="sync-status" aria-live="polite">
      <Badge colorPalette={status.online ? 'green' : 'red'} data-testid="online-state">
        {status.online ? 'Online' : 'Offline'}
      </Badge>
      <Text fontSize="sm" data-testid="waiting-count">
        {outbox === undefined
          ? 'Counting changes…'
          : outbox.waiting === 0
            ? 'All changes on the server'
            : `${outbox.waiting} change${outbox.waiting === 1 ? '' : 's'} not yet on the server`}
      </Text>
      {(outbox?.heldFor ?? []).map((h) => (
        <Text key={h.username} fontSize="sm" color="orange.600">
          {heldMessage(h)}
        </Text>
      ))}
      {status.pulling?.first && status.pulling.fraction !== null && (
        <Text fontSize="sm">First sync {Math.round(status.pulling.fraction * 100)} %</Text>
      )}
      {storage?.low && (
        <Text fontSize="sm" color="red.600" data-testid="storage-low">
          Device storage is nearly full: sync, then free space
        </Text>
      )}
      {storage && !storage.persisted && (
        <Text fontSize="xs" color="orange.600" title="The browser may clear this device's data when space runs short" data-testid="storage-not-persisted">
          Storage not protected
        </Text>
      )}
      {status.conflicts > 0 && (
        <Button size="xs" colorPalette="red" variant="subtle" onClick={() => setOpen(true)}>
          {status.conflicts} refused
        </Button>
      )}
      {status.lastSync && (
        <Text fontSize="xs" color="fg.muted">
          Synced {new Date(status.lastSync).toLocaleTimeString()}
        </Text>
      )}
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} size="md">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>Changes the server refused</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="3">
                  {conflicts.length === 0 && <Text>Nothing was refused.</Text>}
                  {conflicts.map((c) => (
                    <Box key={c.id} borderWidth="1px" borderRadius="md" p="3">
                      <Text fontWeight="semibold">{c.entry.label}</Text>
                      <Text color="red.600">{c.message}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {new Date(c.at).toLocaleString()} by {c.entry.actor}
                      </Text>
                      <HStack mt="2">
                        <Button size="xs" onClick={() => engine.conflicts.retry(c.id).catch(notifyError)}>
                          Retry
                        </Button>
                        <Button size="xs" variant="outline" onClick={() => engine.conflicts.discard(c.id).catch(notifyError)}>
                          Discard
                        </Button>
                      </HStack>
                    </Box>
                  ))}
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </HStack>
  );
}
