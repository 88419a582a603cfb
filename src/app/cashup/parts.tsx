import { Alert, Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import {
  AFTER_CLOSING,
  SHOP_TILL,
  anyAfterClosing,
  cashupLines,
  type CashupFigures,
  type CashupSheet,
} from '../../domain/cashup';
import { BOOKING_FORMAT, formatShop } from '../../domain/dates';
import { METHOD_LABELS } from '../../domain/entities';
import { formatUSD, type Cents } from '../../domain/money';
import type { RefundTally } from '../../domain/reports';
import { differenceWords } from '../../domain/writes/cashups';
import type { CashupRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { cashupPdfBlob } from '../ui/documents';
import { useOpenPdf } from '../ui/useOpenPdf';

/** The parts of the Cash-up screen (src/app/cashup/CashUp.tsx): the takings table, a cash-up made, its print buttons. */

export const tillName = (till: string, here: string) =>
  till === SHOP_TILL ? 'Shop' : till === here ? `${till} (this device)` : till;

const money = { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } as const;

/** A method's refunds paid out: '—' when none, else '2 · -$45.00' (how many, how much). */
const refundCell = (r: RefundTally) => (r.count ? `${r.count} · ${formatUSD(-r.cents)}` : '—');

/**
 * The day by payment method: payments taken, refunds paid out (how many, how much) and expected = taken − refunds
 * (cashupLines, as the PDF prints it), with the totals and how many payments and refunds.
 */
export function TakingsTable({
  sheet,
  payments,
  label = 'Expected takings by payment method',
  testId = 'cashup-expected',
  totalTestId = 'cashup-total',
}: {
  sheet: CashupSheet;
  payments: number;
  label?: string;
  testId?: string;
  totalTestId?: string;
}) {
  const { lines, total } = cashupLines(sheet);
  return (
    <Table.Root size="sm" data-testid={testId} aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Method</Table.ColumnHeader>
          <Table.ColumnHeader {...money}>Taken</Table.ColumnHeader>
          <Table.ColumnHeader {...money}>Refunds paid out</Table.ColumnHeader>
          <Table.ColumnHeader {...money}>Expected</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((l) => (
          <Table.Row key={l.method} data-method={l.method}>
            <Table.Cell>{METHOD_LABELS[l.method]}</Table.Cell>
            <Table.Cell {...money}>{formatUSD(l.taken)}</Table.Cell>
            <Table.Cell {...money} data-testid="cashup-refunds">
              {refundCell(l.refunds)}
            </Table.Cell>
            <Table.Cell {...money}>{formatUSD(l.expected)}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row fontWeight="bold">
          <Table.Cell>
            Total ({payments} payment{payments === 1 ? '' : 's'}, {total.refunds.count} refund
            {total.refunds.count === 1 ? '' : 's'})
          </Table.Cell>
          <Table.Cell {...money}>{formatUSD(total.taken)}</Table.Cell>
          <Table.Cell {...money}>{refundCell(total.refunds)}</Table.Cell>
          <Table.Cell {...money} data-testid={totalTestId}>
            {formatUSD(total.expected)}
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

/** Print A4 and Print 80 mm: the cash-up drawn on the device (works offline), with what was taken after closing. */
export function PrintButtons({ cashup, after }: { cashup: CashupRow; after?: CashupFigures }) {
  const repos = useRepos();
  const { busy, open } = useOpenPdf();
  const print = (paper: 'A4' | '80mm') =>
    open(() => cashupPdfBlob(repos, { ...cashup, after }, paper), `cash-up-${cashup.day}-${cashup.till}.pdf`, paper);
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
export function CashupMade({
  cashup,
  timeZone,
  after,
}: {
  cashup: CashupRow;
  timeZone: string;
  after?: CashupFigures;
}) {
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
      <PrintButtons cashup={cashup} after={after} />
    </Stack>
  );
}

/**
 * What the till took after the day was closed (issue 30), in no cash-up: by method as the takings read, with what
 * to do with it; or that there was nothing.
 */
export function AfterClosing({ after }: { after: CashupFigures }) {
  if (!anyAfterClosing(after))
    return (
      <Text color="fg.muted" data-testid="cashup-after-none">
        {AFTER_CLOSING.none}
      </Text>
    );
  return (
    <Stack gap="3" data-testid="cashup-after">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>{AFTER_CLOSING.advice}</Alert.Description>
      </Alert.Root>
      <TakingsTable
        sheet={after}
        payments={after.payments}
        label="Taken after closing by payment method"
        testId="cashup-after-table"
        totalTestId="cashup-after-total"
      />
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
