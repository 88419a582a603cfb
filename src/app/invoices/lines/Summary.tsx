import { Box, Flex, Separator, Stack, Text } from '@chakra-ui/react';
import type { Cents } from '../../../domain/money';
import { formatUSD } from '../../../domain/money';
import type { InvoiceTotals } from '../../../domain/entities';
import { taxLabel, taxOf } from '../../../domain/tax';
import type { RefundSummaryLine } from '../../../domain/writes/refunds';

/** The figures the domain computes (computeInvoice / invoiceFigures `totals`), in cents; tax only when there is. */
export interface SummaryFigures extends Pick<InvoiceTotals, 'tax' | 'tax_name' | 'tax_rate_bp' | 'tax_inclusive'> {
  product: Cents;
  labour: Cents;
  storage?: Cents;
  discount?: Cents;
  points?: Cents;
  /** after discount and points, before payments */
  total: Cents;
  paid?: Cents;
  due?: Cents;
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="6" data-testid={testId}>
      <Text fontWeight={strong ? 'bold' : 'normal'}>{label}</Text>
      <Text fontWeight={strong ? 'bold' : 'normal'} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Flex>
  );
}

/**
 * SPEC §2 summary: 'Products Total', 'Labour Total' and 'Total' always; storage, discount and points when there are
 * any; paid and the amount due once something was paid (or when `showDue`). Tax (issue 18) on its own line when the
 * document has a rate: added before points when on top, "of which" under the Total when prices include it. After a
 * refund, `refunds` (the domain's refundSummary, which the invoice PDF prints too): Refunded and Net paid.
 */
export function Summary({
  figures: f,
  showDue,
  refunds = [],
}: {
  figures: SummaryFigures;
  showDue?: boolean;
  refunds?: readonly RefundSummaryLine[];
}) {
  const paid = f.paid ?? 0;
  const due = f.due ?? Math.max(0, f.total - paid);
  const tax = taxOf(f);
  const taxRow = tax.rateBp > 0 && <Row label={taxLabel(tax)} value={formatUSD(f.tax ?? 0)} testId="summary-tax" />;
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      minW={{ md: '72' }}
      data-testid="summary"
      as="section"
      aria-label="Summary"
    >
      <Stack gap="1">
        <Row label="Products Total" value={formatUSD(f.product)} testId="summary-products" />
        <Row label="Labour Total" value={formatUSD(f.labour)} testId="summary-labour" />
        {!!f.storage && <Row label="Storage" value={formatUSD(f.storage)} testId="summary-storage" />}
        {!!f.discount && <Row label="Discount" value={formatUSD(-f.discount)} testId="summary-discount" />}
        {!tax.inclusive && taxRow}
        {!!f.points && <Row label="Points" value={formatUSD(-f.points)} testId="summary-points" />}
        <Separator my="1" />
        <Row label="Total" value={formatUSD(f.total)} testId="summary-total" strong />
        {tax.inclusive && taxRow}
        {!!paid && <Row label="Paid" value={formatUSD(paid)} testId="summary-paid" />}
        {(!!paid || showDue) && <Row label="Amount Due" value={formatUSD(due)} testId="summary-due" strong />}
        {refunds.map((l) => (
          <Row key={l.key} label={l.label} value={formatUSD(l.cents)} testId={`summary-${l.key}`} strong={l.strong} />
        ))}
      </Stack>
    </Box>
  );
}
