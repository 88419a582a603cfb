import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { SHOP_TILL, expectedTotal } from '../../domain/cashup';
import { BOOKING_FORMAT, formatShop } from '../../domain/dates';
import { METHOD_LABELS, PAYMENT_METHODS } from '../../domain/entities';
import { formatUSD, type Cents } from '../../domain/money';
import type { TransactionSummary } from '../../domain/reports';
import { differenceWords } from '../../domain/writes/cashups';
import type { CashupRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { cashupPdfBlob } from '../ui/documents';
import { useOpenPdf } from '../ui/useOpenPdf';

/** The parts of the Cash-up screen (src/app/cashup/CashUp.tsx): the takings table, a cash-up made, its print buttons. */

export const tillName = (till: string, here: string) =>
  till === SHOP_TILL ? 'Shop' : till === here ? `${till} (this device)` : till;

/** The takings by payment method, the total and how many payments, right-aligned dollars. */
export function TakingsTable({ expected, payments }: { expected: TransactionSummary; payments: number }) {
  return (
    <Table.Root size="sm" data-testid="cashup-expected" aria-label="Expected takings by payment method">
      <Table.Body>
        {PAYMENT_METHODS.map((m) => (
          <Table.Row key={m} data-method={m}>
            <Table.Cell>{METHOD_LABELS[m]}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {formatUSD(expected[m])}
            </Table.Cell>
          </Table.Row>
        ))}
        <Table.Row fontWeight="bold">
          <Table.Cell>
            Total taken ({payments} payment{payments === 1 ? '' : 's'})
          </Table.Cell>
          <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="cashup-total">
            {formatUSD(expectedTotal(expected))}
          </Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

/** Short (red), over (orange) or even (green). */
export function DifferenceBadge({ cents }: { cents: Cents }) {
  const palette = cents === 0 ? 'green' : cents < 0 ? 'red' : 'orange';
  return (
    <Badge colorPalette={palette} variant="solid" size="lg" data-testid="cashup-difference">
      {formatUSD(cents)} · {differenceWords(cents)}
    </Badge>
  );
}

/** Print A4 and Print 80 mm: the cash-up drawn on the device (works offline). */
export function PrintButtons({ cashup }: { cashup: CashupRow }) {
  const repos = useRepos();
  const { busy, open } = useOpenPdf();
  const print = (paper: 'A4' | '80mm') =>
    open(() => cashupPdfBlob(repos, cashup, paper), `cash-up-${cashup.day}-${cashup.till}.pdf`, paper);
  return (
    <HStack gap="2" wrap="wrap">
      {(['A4', '80mm'] as const).map((paper) => (
        <Button key={paper} variant="outline" loading={busy === paper} onClick={() => void print(paper)}>
          Print {paper === 'A4' ? 'A4' : '80 mm'}
        </Button>
      ))}
    </HStack>
  );
}

/** A cash-up made: counted cash, the difference, who closed and when, the note, and its print buttons. */
export function CashupMade({ cashup, timeZone }: { cashup: CashupRow; timeZone: string }) {
  return (
    <Stack gap="3" data-testid="cashup-made">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text>
          Counted cash <strong>{formatUSD(cashup.counted_cash)}</strong> against{' '}
          <strong>{formatUSD(cashup.expected.cash ?? 0)}</strong> expected
        </Text>
        <DifferenceBadge cents={cashup.difference} />
      </HStack>
      <Text color="fg.muted" data-testid="cashup-closed">
        Closed by {cashup.closed_by} at {formatShop(cashup.closed_at, timeZone, BOOKING_FORMAT)}
      </Text>
      {cashup.note && <Text>Note: {cashup.note}</Text>}
      <PrintButtons cashup={cashup} />
    </Stack>
  );
}

/** The cash-ups made, newest day first: day, till, counted, difference, who; each printable. */
export function RecentCashups({ rows, here }: { rows: readonly CashupRow[]; here: string }) {
  if (rows.length === 0) return <Text color="fg.muted">No cash-up made yet.</Text>;
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" data-testid="cashup-recent" aria-label="Cash-ups made">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Day</Table.ColumnHeader>
            <Table.ColumnHeader>Till</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Counted</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Difference</Table.ColumnHeader>
            <Table.ColumnHeader>Closed by</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell>{c.day}</Table.Cell>
              <Table.Cell>{tillName(c.till, here)}</Table.Cell>
              <Table.Cell textAlign="end">{formatUSD(c.counted_cash)}</Table.Cell>
              <Table.Cell textAlign="end" color={c.difference < 0 ? 'red.700' : undefined}>
                {formatUSD(c.difference)}
              </Table.Cell>
              <Table.Cell>{c.closed_by}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
