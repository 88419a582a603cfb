import { Box, HStack, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { memo, useEffect, useState } from 'react';
import { shopDay } from '../../domain/dates';
import { METHOD_COLOR } from '../../domain/entities';
import { formatUSD, type Cents } from '../../domain/money';
import { can } from '../../domain/permissions';
import { TRANSACTION_STRIP } from '../../domain/reports';
import { useRepos } from '../data/DataProvider';
import { useSession } from '../session/session';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { useCalmLiveQuery } from '../ui/useCalmLiveQuery';
import { Counting } from '../ui/Counting';

/**
 * The Dashboard's finance tiles for levels above 4 (SPEC §2 Dashboard, §6): Products and Labour (today, invoices paid
 * in full), Sales and Discounts (today, all) in dollars, and the 'Transactions Today' strip with Cash, Debit, Credit,
 * Online and Cheque totals. The figures are the server's /dash-report and /transaction-summary rule
 * (src/domain/reports.ts) over the device's own counters and today's transactions (repos.finance), so they work
 * offline and follow every payment live; "today" is the shop's day (config time zone) and rolls over at its midnight.
 */

const TILES = [
  { key: 'products', label: 'Products', help: 'today, paid in full' },
  { key: 'labour', label: 'Labour', help: 'today, paid in full' },
  { key: 'sales', label: 'Sales', help: 'today' },
  { key: 'discounts', label: 'Discounts', help: 'today' },
] as const;

/** `cents` null: a first sync is still counting; undefined: not read yet. */
function Tile({
  id,
  label,
  help,
  cents,
}: {
  id: string;
  label: string;
  help: string;
  cents: Cents | null | undefined;
}) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid={`finance-${id}`}>
      <Stat.Root>
        <Stat.Label>{label}</Stat.Label>
        {cents === null ? (
          <Stat.ValueText asChild>
            <Counting figure={label} data-testid={`finance-${id}-value`} />
          </Stat.ValueText>
        ) : (
          <Stat.ValueText data-testid={`finance-${id}-value`}>
            {cents === undefined ? '…' : formatUSD(cents)}
          </Stat.ValueText>
        )}
        {/* a dd: Chakra's help text is a span, which a definition list may not hold */}
        <Stat.HelpText asChild>
          <dd>{help}</dd>
        </Stat.HelpText>
      </Stat.Root>
    </Box>
  );
}

/** Memo: the Dashboard's tile counts changing re-render the job tiles, not these (their own query follows their data). */
export const FinanceTiles = memo(function FinanceTiles() {
  const repos = useRepos();
  const level = useSession()?.permission ?? 0;
  const tz = useShopTimeZone();
  const [day, setDay] = useState(() => shopDay(new Date(), tz));
  useEffect(() => {
    setDay(shopDay(new Date(), tz));
    const t = setInterval(() => setDay(shopDay(new Date(), tz)), 60_000);
    return () => clearInterval(t);
  }, [tz]);

  // `day` in the deps: the figures start again at the shop's midnight (the query also follows every change)
  const figures = useCalmLiveQuery(() => repos.finance.today(), [repos, tz, day]);

  if (!can('finance.view', level)) return null;
  return (
    <Stack gap="3" data-testid="finance-tiles">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" role="group" aria-label="Finance today">
        {TILES.map((t) => (
          <Tile
            key={t.key}
            id={t.key}
            label={t.label}
            help={t.help}
            cents={figures?.counting ? null : figures?.report[t.key]}
          />
        ))}
      </SimpleGrid>
      <Box
        borderWidth="1px"
        borderRadius="md"
        p="3"
        role="group"
        aria-label="Transactions Today"
        data-testid="transactions-today"
      >
        <Heading size="sm" mb="2">
          Transactions Today
        </Heading>
        <HStack gap="6" wrap="wrap">
          {TRANSACTION_STRIP.map((m) => (
            <Stack key={m.method} gap="0" colorPalette={METHOD_COLOR[m.method]} data-testid={`today-${m.method}`}>
              <Text fontSize="sm" color="colorPalette.fg">
                {m.label}
              </Text>
              {figures?.counting ? (
                <Counting figure={m.label} fontWeight="semibold" data-testid={`today-${m.method}-value`} />
              ) : (
                <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid={`today-${m.method}-value`}>
                  {figures ? formatUSD(figures.methods[m.method]) : '…'}
                </Text>
              )}
            </Stack>
          ))}
        </HStack>
      </Box>
    </Stack>
  );
});
