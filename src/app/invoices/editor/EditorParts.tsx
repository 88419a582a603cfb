import { Alert, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import type { InvoiceRow, TransactionRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { invoicePdfBlob } from '../../ui/documents';
import { useOpenPdf } from '../../ui/useOpenPdf';
import { PaymentsList } from './Payments';

/** View Invoices, Invoice PDF (drawn on the device) and Print (the payments' receipts). */
export function EditorTopBar({ inv, onPrint }: { inv: InvoiceRow; onPrint: () => void }) {
  const repos = useRepos();
  const navigate = useNavigate();
  const pdf = useOpenPdf();
  return (
    <HStack wrap="wrap" gap="2">
      <Button variant="outline" onClick={() => void navigate('/view-invoices')}>
        View Invoices
      </Button>
      <Button
        variant="outline"
        loading={pdf.busy !== null}
        onClick={() => void pdf.open(() => invoicePdfBlob(repos, inv), `invoice-${inv.number}.pdf`)}
      >
        Invoice PDF
      </Button>
      <Button variant="outline" onClick={onPrint}>
        Print
      </Button>
    </HStack>
  );
}

/** Why the figures on screen are not what was typed: another device's change under the draft, products adjusted. */
export function DraftNotices({ changedUnder, adjusted }: { changedUnder: boolean; adjusted: boolean }) {
  return (
    <>
      {changedUnder && (
        <Alert.Root status="info" data-testid="changed-under">
          <Alert.Indicator />
          <Alert.Title>
            This invoice changed on another device or tab while you were editing it: the figures shown include that
            change. Save & Recal Charges keeps your hours, rate and quantities; Discard changes shows the invoice as it
            now is.
          </Alert.Title>
        </Alert.Root>
      )}
      {adjusted && (
        <Alert.Root status="warning" data-testid="products-adjusted">
          <Alert.Indicator />
          <Alert.Title>{MSG.productsAdjusted}</Alert.Title>
        </Alert.Root>
      )}
    </>
  );
}

/** The invoice's transactions, and how many receipts Print offers. */
export function PaymentsSection({
  inv,
  payments,
  timeZone,
}: {
  inv: InvoiceRow;
  payments: TransactionRow[];
  timeZone: string;
}) {
  const receipts = payments.filter((t) => !['discount', 'redemption', 'refund'].includes(t.method)).length;
  return (
    <Stack gap="2">
      <Heading size="md">Payments</Heading>
      <PaymentsList payments={payments} timeZone={timeZone} number={inv.number} />
      {receipts > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {receipts} payment{receipts === 1 ? '' : 's'}; receipts under Print.
        </Text>
      )}
    </Stack>
  );
}
