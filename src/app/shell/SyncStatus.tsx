import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { MSG, fill } from '../../domain/messages';
import { formatBytes } from '../../domain/storage';
import { outboxSummary } from '../../sync/engine';
import { startOfShopDay } from '../../domain/dates';
import { heldMessage, lastSyncText, serverTroubleMessage } from '../../sync/status';
import { useData, useStorageState, useSyncStatus } from '../data/context';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { RefusedList } from './RefusedList';
import { DrawerFrame } from '../ui/DrawerFrame';

/** setTimeout cannot wait longer than ~24.8 days; a far-off expiry is looked at again within the hour */
const MAX_WAIT_MS = 60 * 60_000;

/** The outbox counted from the device's own outbox and tokens, live, counted again when a token runs out. */
function useOutbox() {
  const { db } = useData();
  // until it is counted nothing is claimed to be on the server
  const [now, setNow] = useState(() => Date.now());
  const outbox = useLiveQuery(() => outboxSummary(db, now), [db, now]);
  // a token that runs out while the app is open: its user's changes wait for a sign-in from that moment
  const recheckAt = outbox?.recheckAt ?? null;
  useEffect(() => {
    if (recheckAt === null) return;
    const t = setTimeout(() => setNow(Date.now()), Math.min(MAX_WAIT_MS, Math.max(0, recheckAt - Date.now() + 1)));
    return () => clearTimeout(t);
  }, [recheckAt]);
  return outbox;
}

/** Now, looked at again when the shop's next day begins (the last sync shows its date once it is not today). */
function useShopToday(tz: string) {
  const [today, setToday] = useState(() => Date.now());
  useEffect(() => {
    const next = startOfShopDay(new Date(today + 24 * 60 * 60_000), tz).getTime();
    const t = setTimeout(() => setToday(Date.now()), Math.min(MAX_WAIT_MS, Math.max(0, next - Date.now() + 1000)));
    return () => clearTimeout(t);
  }, [today, tz]);
  return today;
}

/**
 * Always visible: online or not, how many changes are not yet on the server, who must sign in for theirs to go,
 * what the server refused (RefusedList: in words, with Retry, and a Discard that asks first and leaves a trace), the
 * first sync's progress, and the device's storage.
 */
export function SyncStatus() {
  const status = useSyncStatus();
  const outbox = useOutbox();
  const tz = useShopTimeZone();
  const today = useShopToday(tz);
  const [open, setOpen] = useState(false);
  const storage = useStorageState();
  const refused = outbox?.conflicts ?? status.conflicts;
  const decisions = outbox?.decisions ?? 0;
  // the server answers 5xx again and again: say so, and that nothing is lost (the changes stay and are retried)
  const trouble = serverTroubleMessage(status, outbox?.waiting ?? status.waiting);
  return (
    <HStack gap="2" wrap="wrap" data-testid="sync-status" aria-live="polite">
      <Badge colorPalette={status.online ? 'green' : 'red'} data-testid="online-state">
        {status.online ? 'Online' : 'Offline'}
      </Badge>
      <Text fontSize="sm" data-testid="waiting-count">
        {waitingText(outbox?.waiting, outbox?.synced)}
      </Text>
      {(outbox?.heldFor ?? []).map((h) => (
        <Text key={h.username} fontSize="sm" color="orange.700" data-testid="held-for">
          {heldMessage(h)}
        </Text>
      ))}
      {trouble && (
        <Text fontSize="sm" color="orange.700" data-testid="server-trouble">
          {trouble}
        </Text>
      )}
      {status.pulling?.first && status.pulling.fraction !== null && (
        <Text fontSize="sm" data-testid="first-sync">
          First sync {Math.round(status.pulling.fraction * 100)} %
        </Text>
      )}
      {storage && <StorageState storage={storage} />}
      {decisions > 0 && (
        <Button size="xs" colorPalette="orange" variant="subtle" onClick={() => setOpen(true)}>
          {fill(MSG.needsDecisionCount, { count: decisions })}
        </Button>
      )}
      {refused > 0 && (
        <Button size="xs" colorPalette="red" variant="subtle" onClick={() => setOpen(true)}>
          {refused} refused
        </Button>
      )}
      {status.lastSync && (
        <Text fontSize="xs" color="fg.muted">
          {lastSyncText(status.lastSync, Math.max(today, Date.now()), tz)}
        </Text>
      )}
      <RefusedDrawer
        open={open}
        onOpenChange={setOpen}
        title={decisions > 0 ? MSG.needsDecision : 'Changes the server refused'}
      />
    </HStack>
  );
}

/**
 * How many changes are not yet on the server; nothing is claimed until they are counted, and "All changes on the
 * server" not before this device has finished a pull (its last sync): a device that has never synced has not shown
 * that the server holds anything of its (issue 35: a sign-in that never pulled said so over a Dashboard of zeros).
 */
const waitingText = (waiting: number | undefined, synced: boolean | undefined) =>
  waiting === undefined || synced === undefined
    ? 'Counting changes…'
    : waiting === 0
      ? synced
        ? 'All changes on the server'
        : MSG.notSyncedYet
      : `${waiting} change${waiting === 1 ? '' : 's'} not yet on the server`;

/** Storage running low, and whether the browser protects the device's data (with the free space as a hint). */
function StorageState({ storage }: { storage: NonNullable<ReturnType<typeof useStorageState>> }) {
  const free = formatBytes(storage.quota - storage.usage);
  return (
    <>
      {storage.low && (
        <Text fontSize="sm" color="red.600" data-testid="storage-low">
          {MSG.storageLow}
        </Text>
      )}
      <Text
        fontSize="xs"
        color={storage.persisted ? 'green.700' : 'orange.700'}
        title={fill(storage.persisted ? MSG.storageProtectedHint : MSG.storageNotProtectedHint, { free })}
        data-testid="storage-state"
      >
        {storage.persisted ? MSG.storageProtected : MSG.storageNotProtected}
      </Text>
    </>
  );
}

/** The side panel of what waits for a decision or was refused (RefusedList). */
function RefusedDrawer({
  open,
  onOpenChange,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
}) {
  return (
    <DrawerFrame open={open} onOpenChange={onOpenChange} title={title} size="md">
      <RefusedList />
    </DrawerFrame>
  );
}
