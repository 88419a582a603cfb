import { Alert, Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { checkReportRange, shopDay } from '../../domain/dates';
import { can } from '../../domain/permissions';
import {
  inventoryDepletion,
  reportInvoiceRows,
  reportSalesFromInvoices,
  reportSalesRows,
  reportWindow,
  type SalesReport,
} from '../../domain/reports';
import { SYNC_ENTITY_LEVEL } from '../../domain/sync';
import { useRepos } from '../data/DataProvider';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
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

/**
 * SPEC §2 Reports (/report, level 3): start and end dates (the shop's days, YYYY-MM-DD), Sales Report, a bar chart of
 * Labour, Products and Discounts per day, a bar chart of daily Sales, and the 'Inventory Depletion' table. The figures
 * are POST /report's and /report-products' rule (src/domain/reports.ts) over the device's own invoices and
 * transactions, so the screen works offline and follows new rows live. A device below level 5 holds no payments
 * (src/domain/sync.ts): its Sales are the invoices' paid figures (docs/DECISIONS.md "Reports").
 */
export default function Reports() {
  const repos = useRepos();
  const level = useSession()?.permission ?? 0;
  const tz = useShopTimeZone();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [range, setRange] = useState<Range | null>(null);
  const fromPayments = level >= SYNC_ENTITY_LEVEL.transactions;
  const today = shopDay(new Date(), tz);

  const result = useLiveQuery(async () => {
    if (!range) return null;
    const w = reportWindow(range.start, range.end, tz);
    const invoices = await repos.invoices.createdBetween(w.from.toISOString(), w.to.toISOString());
    const sales = fromPayments
      ? reportSalesRows(await repos.invoices.transactionsBetween(w.from.toISOString(), w.to.toISOString()), w, tz)
      : reportSalesFromInvoices(await repos.invoices.all(), w, tz);
    const report: SalesReport = { invoices: reportInvoiceRows(invoices, w, tz), sales };
    return { range, report, depletion: inventoryDepletion(invoices, w) };
  }, [repos, range, tz, fromPayments]);
  const loading = range !== null && (result === undefined || result?.range !== range);
  const charts = useMemo(() => (result ? chartData(result.report) : null), [result]);

  function run(e: FormEvent) {
    e.preventDefault();
    const c = checkReportRange(start, end);
    if (!c.ok) {
      setError(c.message);
      return;
    }
    setError(null);
    setRange({ start, end });
  }

  if (!can('report.view', level)) return null;
  return (
    <Stack gap="5">
      <Heading size="lg">Reports</Heading>
      <form onSubmit={run} noValidate aria-label="Report range">
        <HStack gap="4" align="end" wrap="wrap">
          <Field.Root w="auto">
            <Field.Label>Start date</Field.Label>
            <Input type="date" value={start} max={end || today} onChange={(e) => setStart(e.target.value)} />
          </Field.Root>
          <Field.Root w="auto">
            <Field.Label>End date</Field.Label>
            <Input
              type="date"
              value={end}
              min={start || undefined}
              max={today}
              onChange={(e) => setEnd(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={loading}>
            Sales Report
          </Button>
          <DelayedSpinner active={loading} />
        </HStack>
      </form>
      {error && (
        <Alert.Root status="error" role="alert" data-testid="report-error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {result && charts && (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="report-range">
            {result.range.start} to {result.range.end} (shop days, {tz})
            {fromPayments
              ? ''
              : ". Sales are the amounts paid on invoices, on the day of each invoice's last change: this device does not keep payments."}
          </Text>
          <Suspense fallback={<DelayedSpinner />}>
            <ReportCharts data={charts} />
          </Suspense>
          <Box>
            <Heading size="md" mb="3">
              Inventory Depletion
            </Heading>
            <DataTable
              name="Inventory Depletion"
              data={result.depletion}
              columns={DEPLETION_COLUMNS}
              getRowId={(r) => r.id}
              pageSizes={PAGE_SIZES.default}
              emptyText="No products sold in this range."
            />
          </Box>
        </>
      )}
    </Stack>
  );
}
