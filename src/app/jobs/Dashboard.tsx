import { Button, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useState } from 'react';
import { shopDay } from '../../domain/dates';
import { TILES, tableTitle } from '../../domain/jobs';
import { can } from '../../domain/permissions';
import { useRepos, useSync } from '../data/DataProvider';
import { useSession } from '../session/session';
import { FinanceTiles } from './FinanceTiles';
import { JobTable } from './JobTable';
import { RefusedMoneyBanner } from './RefusedMoneyBanner';
import { useJobPages } from './useJobPages';
import { statusPalette } from './statusColours';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { useCalmLiveQuery } from '../ui/useCalmLiveQuery';
import { Counting } from '../ui/Counting';

type TileStatus = (typeof TILES)[number]['status'];
type Counts = Record<TileStatus, number> & { counting: boolean };

/** The shop's day, re-read every minute so "today" tiles roll over at the shop's midnight without a reload. */
function useShopDay(tz: string): string {
  const [day, setDay] = useState(() => shopDay(new Date(), tz));
  useEffect(() => {
    setDay(shopDay(new Date(), tz));
    const t = setInterval(() => setDay(shopDay(new Date(), tz)), 60_000);
    return () => clearInterval(t);
  }, [tz]);
  return day;
}

function Tile({
  status,
  label,
  scope,
  count,
  selected,
  onSelect,
}: {
  status: TileStatus;
  label: string;
  scope: 'all' | 'today';
  /** null: a first sync is still counting (a partial count is not the shop's) */
  count: number | null | undefined;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <Button
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={`tile-${status}`}
      colorPalette={statusPalette(status)}
      variant={selected ? 'solid' : 'subtle'}
      h="auto"
      minH="24"
      py="3"
      flexDirection="column"
      alignItems="flex-start"
      gap="0"
      whiteSpace="normal"
    >
      {count === null ? (
        <Counting
          figure={label}
          fontSize="xl"
          fontWeight="bold"
          lineHeight="1.1"
          data-testid={`tile-${status}-count`}
        />
      ) : (
        <Text fontSize="3xl" fontWeight="bold" lineHeight="1.1" data-testid={`tile-${status}-count`}>
          {count ?? '…'}
        </Text>
      )}
      <Text fontSize="md" fontWeight="semibold">
        {label}
      </Text>
      <Text fontSize="xs">{scope === 'today' ? 'today' : 'all time'}</Text>
    </Button>
  );
}

/**
 * Active and Received: thousands of jobs at a busy shop, read a page at a time as the Service Requests table reads
 * them. Memo (as TodayTileJobs and FinanceTiles): a new tile count re-renders the tiles, not the table.
 */
const PagedTileJobs = memo(function PagedTileJobs({ status, title }: { status: 'active' | 'received'; title: string }) {
  const { rows, manual, exportAll } = useJobPages(status);
  return <JobTable jobs={rows ?? []} name={title} loading={rows === undefined} manual={manual} exportAll={exportAll} />;
});

/** Complete and Booked today: the few jobs of the shop's today, read whole through their indexes. */
const TodayTileJobs = memo(function TodayTileJobs({
  status,
  title,
  day,
  tick,
}: {
  status: 'complete' | 'booked';
  title: string;
  day: string;
  tick: number;
}) {
  const repos = useRepos();
  // `day` and `tick` in the deps: a new shop day or a Refresh reads again (the query also follows every change)
  const rows = useCalmLiveQuery(() => repos.jobs.tileJobs(status), [repos, status, day, tick]);
  return <JobTable jobs={rows ?? []} name={title} loading={rows === undefined} />;
});

/**
 * SPEC §2 Dashboard: the job tiles (counters kept with every job write, read live), the clicked tile's jobs in the
 * job table below ('<Status> Customers', active by default; read by index, never every job of a busy shop), a
 * Refresh that re-reads both and asks the sync engine for a cycle, and — above level 4 — the finance tiles' slot.
 */
export default function Dashboard() {
  const repos = useRepos();
  const engine = useSync();
  const user = useSession();
  const tz = useShopTimeZone();
  const day = useShopDay(tz);
  const [status, setStatus] = useState<TileStatus>('active');
  const [tick, setTick] = useState(0);
  const [syncing, setSyncing] = useState(false);

  // `day` and `tick` in the deps: a new shop day or a Refresh reads again (the query also follows every change)
  const counts = useCalmLiveQuery<Counts>(() => repos.jobs.tiles(), [repos, day, tick]);

  const refresh = async () => {
    setTick((t) => t + 1);
    setSyncing(true);
    try {
      await engine.syncNow();
    } catch {
      // offline or refused: the sync status in the header says so; the local counts and table are re-read anyway
    } finally {
      setSyncing(false);
    }
  };

  const title = tableTitle(status);
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading size="xl">Dashboard</Heading>
        <Button size="sm" variant="outline" onClick={() => void refresh()} loading={syncing} loadingText="Refreshing">
          Refresh
        </Button>
      </HStack>
      <RefusedMoneyBanner />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" role="group" aria-label="Job counts">
        {TILES.map((t) => (
          <Tile
            key={t.status}
            status={t.status}
            label={t.label}
            scope={t.scope}
            count={counts?.counting ? null : counts?.[t.status]}
            selected={status === t.status}
            onSelect={() => setStatus(t.status)}
          />
        ))}
      </SimpleGrid>
      {can('finance.view', user?.permission ?? 0) && <FinanceTiles />}
      <Stack gap="2">
        <Heading size="lg" data-testid="table-title">
          {title}
        </Heading>
        {status === 'active' || status === 'received' ? (
          <PagedTileJobs key={status} status={status} title={title} />
        ) : (
          <TodayTileJobs key={status} status={status} title={title} day={day} tick={tick} />
        )}
      </Stack>
    </Stack>
  );
}
