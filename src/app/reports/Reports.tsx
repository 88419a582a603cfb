import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { checkReportRange, monthSoFar, shopDay } from '../../domain/dates';
import { formatUSD } from '../../domain/money';
import { can } from '../../domain/permissions';
import {
  inventoryDepletion,
  reportInvoiceRows,
  reportSalesFromInvoices,
  reportSalesRows,
  reportWindow,
  type DepletionRow,
  type SalesReport,
} from '../../domain/reports';
import { SYNC_ENTITY_LEVEL } from '../../domain/sync';
import { useRepos } from '../data/DataProvider';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { MessageAlert } from '../feedback/MessageAlert';
import { ClockHours } from '../jobs/clock/ClockHours';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { useSession } from '../session/session';
import { DataTable, PAGE_SIZES } from '../ui/DataTable';
import { chartData } from './chartData';
import { DEPLETION_COLUMNS } from './depletionColumns';

/** Victory is loaded only when there is a report to draw. */
const ReportCharts = lazy(() => import('./ReportCharts'));

interface Range {
  start: string;
  end: string;
}

/** The report of a range, live over the device's invoices (and payments, where the device keeps them). */
function useReport(range: Range, tz: string, fromPayments: boolean) {
  const repos = useRepos();
  return useLiveQuery(async () => {
    const w = reportWindow(range.start, range.end, tz);
    const invoices = await repos.invoices.createdBetween(w.from.toISOString(), w.to.toISOString());
    const sales = fromPayments
      ? reportSalesRows(await repos.invoices.transactionsBetween(w.from.toISOString(), w.to.toISOString()), w, tz)
      : reportSalesFromInvoices(await repos.invoices.all(), w, tz);
    const report: SalesReport = { invoices: reportInvoiceRows(invoices, w, tz), sales };
    return { range, report, depletion: inventoryDepletion(invoices, w) };
  }, [repos, range, tz, fromPayments]);
}

/**
 * The dates in the form and the range reported. Issue 30: the screen opens on this month in the shop's zone with its
 * report shown at once, where it was blank until dates were typed. The zone's setting may arrive a moment after the
 * first render, so the month follows it until the user types a date (the form) or asks for a range (the report).
 */
function useRange(tz: string) {
  const today = shopDay(new Date(), tz);
  const thisMonth = useMemo(() => monthSoFar(today), [today]);
  const [typed, setTyped] = useState<Partial<Range>>({});
  const [asked, setAsked] = useState<Range | null>(null);
  return {
    today,
    start: typed.start ?? thisMonth.start,
    end: typed.end ?? thisMonth.end,
    type: (day: Partial<Range>) => setTyped((was) => ({ ...was, ...day })),
    range: asked ?? thisMonth,
    ask: setAsked,
  };
}

/**
 * SPEC §2 Reports (/report, level 3): start and end dates (the shop's days, YYYY-MM-DD), Sales Report, a bar chart of
 * Labour, Products and Discounts per day, a bar chart of daily Sales, and the 'Inventory Depletion' table. The figures
 * are POST /report's and /report-products' rule (src/domain/reports.ts) over the device's own invoices and
 * transactions, so the screen works offline and follows new rows live. A device below level 5 holds no payments
 * (src/domain/sync.ts): its Sales are the invoices' paid figures (docs/DECISIONS.md "Reports").
 */
export default function Reports() {
  const level = useSession()?.permission ?? 0;
  const tz = useShopTimeZone();
  const fromPayments = level >= SYNC_ENTITY_LEVEL.transactions;
  const { today, start, end, type, range, ask } = useRange(tz);
  const [error, setError] = useState<string | null>(null);

  const result = useReport(range, tz, fromPayments);
  const loading = result?.range !== range;
  const charts = useMemo(() => (result ? chartData(result.report) : null), [result]);

  function run(e: FormEvent) {
    e.preventDefault();
    const c = checkReportRange(start, end);
    if (!c.ok) {
      setError(c.message);
      return;
    }
    setError(null);
    ask({ start, end });
  }

  if (!can('report.view', level)) return null;
  return (
    <Stack gap="5">
      <Heading size="lg">Reports</Heading>
      <RangeForm
        start={start}
        end={end}
        today={today}
        loading={loading}
        onStart={(day) => type({ start: day })}
        onEnd={(day) => type({ end: day })}
        onSubmit={run}
      />
      <MessageAlert message={error} testId="report-error" />
      {result && charts && (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="report-range">
            {result.range.start} to {result.range.end} (shop days, {tz})
            {fromPayments
              ? ''
              : ". Sales are the amounts paid on invoices, on the day of each invoice's last change: this device does not keep payments."}
          </Text>
          <RefundsNote sales={result.report.sales} />
          <TaxNote invoices={result.report.invoices} />
          <Suspense fallback={<DelayedSpinner />}>
            <ReportCharts data={charts} />
          </Suspense>
          <DepletionTable rows={result.depletion} />
          <ClockHours start={result.range.start} end={result.range.end} />
        </>
      )}
    </Stack>
  );
}

/**
 * The refunds given back in the range (issue 18; the domain's per-day `refunds`): the Sales chart is net of them, so
 * the screen says how much they were — only when there were some, so SPEC's screen is unchanged without one.
 */
function RefundsNote({ sales }: { sales: SalesReport['sales'] }) {
  const refunded = sales.reduce((sum, day) => sum + (day.refunds ?? 0), 0);
  if (refunded === 0) return null;
  return (
    <Text data-testid="report-refunds">
      Refunds given back: <strong>{formatUSD(refunded)}</strong> (Sales are net of refunds)
    </Text>
  );
}

/**
 * The tax charged on the range's invoices (issue 18; the domain's per-day `tax`), included in their totals — only
 * when there was some, so SPEC's screen is unchanged at rate 0.
 */
function TaxNote({ invoices }: { invoices: SalesReport['invoices'] }) {
  const tax = invoices.reduce((sum, day) => sum + (day.tax ?? 0), 0);
  if (tax === 0) return null;
  return (
    <Text data-testid="report-tax">
      Tax charged on the invoices raised: <strong>{formatUSD(tax)}</strong>
    </Text>
  );
}

/** Start and end date (the shop's days, none after today) and Sales Report. */
function RangeForm(props: {
  start: string;
  end: string;
  today: string;
  loading: boolean;
  onStart: (day: string) => void;
  onEnd: (day: string) => void;
  onSubmit: (e: FormEvent) => void;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label="Report range">
      <HStack gap="4" align="end" wrap="wrap">
        <Field.Root w="auto">
          <Field.Label>Start date</Field.Label>
          <Input
            type="date"
            value={props.start}
            max={props.end || props.today}
            onChange={(e) => props.onStart(e.target.value)}
          />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>End date</Field.Label>
          <Input
            type="date"
            value={props.end}
            min={props.start || undefined}
            max={props.today}
            onChange={(e) => props.onEnd(e.target.value)}
          />
        </Field.Root>
        {/* never disabled while a report reads: the month's report opening the screen must not hold a range typed over it */}
        <Button type="submit" colorPalette="blue">
          Sales Report
        </Button>
        <DelayedSpinner active={props.loading} />
      </HStack>
    </form>
  );
}

/** The 'Inventory Depletion' table: what the range's invoices took from stock, most sold first. */
function DepletionTable({ rows }: { rows: DepletionRow[] }) {
  return (
    <Box>
      <Heading size="md" mb="3">
        Inventory Depletion
      </Heading>
      <DataTable
        name="Inventory Depletion"
        data={rows}
        columns={DEPLETION_COLUMNS}
        getRowId={(r) => r.id}
        pageSizes={PAGE_SIZES.default}
        emptyText="No products sold in this range."
      />
    </Box>
  );
}
