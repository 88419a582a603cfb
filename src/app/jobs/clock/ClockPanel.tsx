import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { formatShop } from '../../../domain/dates';
import { isFinal } from '../../../domain/jobs';
import { MSG } from '../../../domain/messages';
import { can } from '../../../domain/permissions';
import type { JobRow } from '../../../local/db';
import type { JobClockView } from '../../../local/repositories/clock';
import { useRepos } from '../../data/DataProvider';
import { notify, notifyError } from '../../feedback/toaster';
import { useSession } from '../../session/session';
import { MendClock } from './MendClock';

/** How often a running clock's figures move on: the panel shows hours to two decimals. */
const TICK_MS = 30_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** The signed-in member's buttons: Start when off, Pause or Resume, and Stop — finger-sized for the bay's tablet. */
function ClockButtons({ job, view }: { job: JobRow; view: JobClockView }) {
  const repos = useRepos();
  const [busy, setBusy] = useState(false);
  const run = async (call: 'start' | 'pause' | 'resume' | 'stop', done: string) => {
    setBusy(true);
    try {
      await repos.clock[call](job.id);
      notify(done);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const button = (label: string, call: Parameters<typeof run>[0], done: string, palette: string) => (
    <Button size="lg" minW="28" colorPalette={palette} loading={busy} onClick={() => void run(call, done)}>
      {label}
    </Button>
  );
  if (view.mine === 'off')
    return isFinal(job.status) ? null : button('Start clock', 'start', MSG.clockStarted, 'green');
  return (
    <HStack gap="3" wrap="wrap">
      {view.mine === 'running'
        ? button('Pause', 'pause', MSG.clockPaused, 'orange')
        : button('Resume', 'resume', MSG.clockStarted, 'green')}
      {button('Stop clock', 'stop', MSG.clockStopped, 'red')}
    </HStack>
  );
}

/**
 * A job's time clock (issue 18) in its expanding panel: who is on the job now and who paused, each technician's
 * hours and the total, the clocks that ran past closing (counted only to closing), and the signed-in member's own
 * Start / Pause / Resume / Stop — offline like every write (src/local/repositories/clock.ts).
 */
export function ClockPanel({ job }: { job: JobRow }) {
  const repos = useRepos();
  const session = useSession();
  const now = useNow();
  const username = session?.username ?? '';
  const view = useLiveQuery(() => repos.clock.panel(job.id, username, now), [repos, job.id, username, now]);
  if (!view || !can('job.clock', session?.permission)) return null;
  const names = (list: string[]) => (list.length ? list.join(', ') : 'nobody');
  return (
    <Stack gap="2" data-testid="clock-panel" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="0">
          <Text fontWeight="semibold">Time clock</Text>
          <Text data-testid="clock-on">On the job now: {names(view.running)}</Text>
          {view.paused.length > 0 && <Text data-testid="clock-paused">Paused: {names(view.paused)}</Text>}
        </Stack>
        <ClockButtons job={job} view={view} />
      </HStack>
      <HStack gap="2" wrap="wrap">
        <Text data-testid="clock-total">Total clocked: {view.hours} h</Text>
        {view.byTechnician.map((t) => (
          <Badge key={t.username} size="lg" variant="subtle">
            {t.username} {t.hours} h
          </Badge>
        ))}
      </HStack>
      {view.pastClosing.map((c) => (
        <Alert.Root key={c.entry.id} status="warning" size="sm" data-testid="clock-past-closing">
          <Alert.Indicator />
          <Alert.Title>
            {c.entry.username}&apos;s clock ran past closing: counted to{' '}
            {formatShop(new Date(c.to), view.timeZone, 'HH:mm')}
            {c.entry.stopped_at ? '' : ' (still running)'}
          </Alert.Title>
          <MendClock c={c} timeZone={view.timeZone} />
        </Alert.Root>
      ))}
    </Stack>
  );
}
