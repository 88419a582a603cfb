import { Badge, Box, Button, HStack, Stat, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatUSD, type Cents } from '../../../domain/money';
import { isPaid } from '../../../domain/totals';
import { useOpenPdf } from '../../ui/useOpenPdf';

/** Small parts the money tables share (Invoices, Transactions, Estimates). */

/** Money in a table cell: right-aligned dollars from cents. */
export function Money({ cents }: { cents: Cents }) {
  return (
    <Text as="span" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
      {formatUSD(cents)}
    </Text>
  );
}

/** SPEC §4: Paid when the amount due is at most 0, else Due. */
export function PaidBadge({ due }: { due: Cents }) {
  return isPaid(due) ? <Badge colorPalette="green">Paid</Badge> : <Badge colorPalette="red">Due</Badge>;
}

/** A summary card: a label, a count and a sum. */
export function SummaryCard({
  testId,
  label,
  help,
  count,
  sum,
  palette,
}: {
  testId: string;
  label: string;
  help: string;
  count: number | undefined;
  sum: Cents | undefined;
  palette: string;
}) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" colorPalette={palette} bg="colorPalette.subtle" data-testid={testId}>
      <Stat.Root>
        <Stat.Label>{label}</Stat.Label>
        <Stat.ValueText data-testid={`${testId}-sum`}>{sum === undefined ? '…' : formatUSD(sum)}</Stat.ValueText>
        {/* a dd: Chakra's help text is a span, which a definition list may not hold */}
        <Stat.HelpText asChild>
          <dd>
            <span data-testid={`${testId}-count`}>{count ?? '…'}</span> {count === 1 ? 'invoice' : 'invoices'} · {help}
          </dd>
        </Stat.HelpText>
      </Stat.Root>
    </Box>
  );
}

/** A View PDF button: builds the document on the device (works offline) and opens it. */
export function PdfButton({ make, fileName }: { make: () => Promise<Blob>; fileName: string }) {
  const pdf = useOpenPdf();
  return (
    <Button size="xs" variant="outline" loading={pdf.busy !== null} onClick={() => void pdf.open(make, fileName)}>
      View PDF
    </Button>
  );
}

/** a row's buttons, on one line while the table has room and stacked when it has not (none pushed off the screen) */
export function Actions({ children }: { children: ReactNode }) {
  return (
    <HStack gap="1" wrap="wrap">
      {children}
    </HStack>
  );
}

/** A document's row actions (Invoices, Estimates): View PDF (built offline), Edit (a link) and Delete when allowed. */
export function DocumentActions({
  number,
  makePdf,
  editTo,
  canEdit,
  canDelete,
  onDelete,
}: {
  number: string;
  makePdf: () => Promise<Blob>;
  editTo: string;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: () => void;
}) {
  return (
    <Actions>
      <PdfButton make={makePdf} fileName={`${number.replace(/\s+/g, '-')}.pdf`} />
      {canEdit && (
        <Button asChild size="xs" variant="outline" colorPalette="blue">
          <RouterLink to={editTo} aria-label={`Edit ${number}`}>
            Edit
          </RouterLink>
        </Button>
      )}
      {canDelete && (
        <Button size="xs" variant="outline" colorPalette="red" onClick={onDelete}>
          Delete
        </Button>
      )}
    </Actions>
  );
}
