import { Alert, Box, Button, HStack, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { shopSettings, type ShopSettings } from '../../domain/configSheet';
import { MSG, fill } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { isInvoiceLocked } from '../../domain/totals';
import { refundSummary } from '../../domain/writes/refunds';
import type { CustomerRow, InvoiceRow, JobRow, TransactionRow } from '../../local/db';
import { useRepos } from '../data/DataProvider';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { MessageAlert } from '../feedback/MessageAlert';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { useSession } from '../session/session';
import { heldBy } from './editor/draft';
import { PayPanel, SaveBar, StoragePanel } from './editor/EditorActions';
import { EditorDialogs, useEditorDialog } from './editor/EditorDialogs';
import { DraftNotices, EditorTopBar, PaymentsSection } from './editor/EditorParts';
import { InvoiceHeader } from './editor/InvoiceHeader';
import { RefundPanel } from './editor/RefundDialog';
import { useInvoiceDraft, type InvoiceDraftState } from './editor/useInvoiceDraft';
import { ClockSuggestion } from '../jobs/clock/ClockSuggestion';
import { LabourFields, LineItems, Summary, useLineStock } from './lines';

/**
 * SPEC §2 Invoice editor (/view-invoice?id=<invoice id>, level 4): where the shop takes payments. Reads the invoice,
 * its job, customer and payments live from the device (repos), so another device's payment arriving by the pull shows
 * at once; writes only through repos.invoices (edit, pay, discount, redeem, setStorage, returnItems), so it works with
 * the network cut. Unsaved edits are a draft (editor/draft.ts) and block payments (SPEC §4 'Must save changes before
 * you make a payment.'); every money write is guarded against a second submit (editor/useSubmitOnce.ts). A paid
 * invoice (isInvoiceLocked) shows PAID and offers no edits, discount, points, storage, returns or payments.
 */

export default function InvoiceEditor() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const repos = useRepos();
  const level = useSession()?.permission ?? 0;
  const timeZone = useShopTimeZone();
  const navigate = useNavigate();

  const loaded = useLiveQuery(async () => {
    const inv = id ? await repos.invoices.get(id) : undefined;
    if (!inv) return { inv: null };
    const [job, customer, payments] = await Promise.all([
      inv.request_id ? repos.jobs.get(inv.request_id) : undefined,
      inv.customer_id ? repos.customers.get(inv.customer_id) : undefined,
      repos.invoices.transactions(inv.id),
    ]);
    return { inv, job: job ?? null, customer: customer ?? null, payments };
  }, [repos, id]);
  const settings = useLiveQuery(async () => shopSettings(await repos.config.list()), [repos]);

  if (!loaded || !settings) return <DelayedSpinner />;
  if (!loaded.inv) {
    return (
      <Stack gap="3" align="start">
        <Alert.Root status="warning" data-testid="invoice-not-found">
          <Alert.Indicator />
          <Alert.Title>{fill(MSG.noRecordFound, { id: id || '(no id)' })}</Alert.Title>
        </Alert.Root>
        <Button variant="outline" onClick={() => void navigate('/view-invoices')}>
          View Invoices
        </Button>
      </Stack>
    );
  }
  return (
    <Editor
      key={loaded.inv.id}
      inv={loaded.inv}
      job={loaded.job}
      customer={loaded.customer}
      payments={loaded.payments}
      settings={settings}
      level={level}
      timeZone={timeZone}
    />
  );
}

interface Loaded {
  inv: InvoiceRow;
  job: JobRow | null;
  customer: CustomerRow | null;
  payments: TransactionRow[];
}

/** Work hours and rate, and under them the job's clocked hours offered as the work hours (issue 18). */
function LabourSection({ inv, editor, disabled }: { inv: InvoiceRow; editor: InvoiceDraftState; disabled: boolean }) {
  const { shown, edit } = editor;
  return (
    <Box maxW="lg">
      <LabourFields
        values={{ workHours: shown.workHours, rate: shown.rate }}
        onChange={(v) => edit(v)}
        error={editor.fieldError}
        disabled={disabled}
      />
      {inv.request_id && (
        <ClockSuggestion
          jobId={inv.request_id}
          workHours={shown.workHours}
          onUse={(workHours) => edit({ workHours })}
          disabled={disabled}
        />
      )}
    </Box>
  );
}

/**
 * The figures Save would record (the stored ones while nothing is edited) and, after a refund, Refunded and Net paid
 * from the domain's refundSummary, which the invoice PDF prints too.
 */
function EditorSummary({ editor, payments }: { editor: InvoiceDraftState; payments: TransactionRow[] }) {
  return (
    <Stack gap="1">
      {editor.dirty && (
        <Text fontSize="sm" color="orange.700" data-testid="unsaved">
          Not saved yet: these figures are what Save & Recal Charges will record.
        </Text>
      )}
      <Summary figures={editor.figures.totals} showDue refunds={refundSummary(editor.figures.totals.paid, payments)} />
    </Stack>
  );
}

function Editor(props: Loaded & { settings: ShopSettings; level: number; timeZone: string }) {
  const { inv, customer, settings, level } = props;
  const locked = isInvoiceLocked(inv);
  const canEdit = can('invoice.edit', level) && !locked;
  const canPay = can('payment.take', level) && !locked;
  // a refund (issue 18) is for a paid invoice, at the level that may remove a payment
  const canRefund = can('transaction.delete', level) && locked && inv.payment > 0;
  const editor = useInvoiceDraft(inv, settings);
  const { shown, edit } = editor;
  const dialogs = useEditorDialog(editor.dirty, locked, editor.setNotice);
  const held = useMemo(() => heldBy(inv), [inv]);
  const stockOf = useLineStock(shown.lines, held);

  return (
    <Stack gap="5" data-testid="invoice-editor" data-locked={locked ? 'true' : 'false'}>
      <EditorTopBar inv={inv} onPrint={dialogs.showReceipts} />
      <InvoiceHeader invoice={inv} job={props.job} timeZone={props.timeZone} />
      <Separator />
      {inv.type !== 'product' && <LabourSection inv={inv} editor={editor} disabled={!canEdit} />}
      <Stack gap="2">
        <Heading size="md">Items</Heading>
        <LineItems
          lines={shown.lines}
          stockOf={stockOf}
          readOnly={!canEdit}
          hidePickerWhenReadOnly
          onChange={(lines) => edit({ lines })}
        />
      </Stack>
      <DraftNotices changedUnder={editor.changedUnder} adjusted={editor.adjusted} />
      <HStack align="start" justify="space-between" wrap="wrap" gap="6">
        <Stack gap="3" flex="1" minW="64">
          <SaveBar editor={editor} canEdit={canEdit} />
          {canPay && <PayPanel inv={inv} customer={customer} open={dialogs.open} />}
          <MessageAlert status="warning" message={editor.notice} testId="editor-notice" />
          {canEdit && <StoragePanel inv={inv} settings={settings} open={dialogs.open} />}
          {canRefund && <RefundPanel inv={inv} payments={props.payments} open={dialogs.open} />}
        </Stack>
        <EditorSummary editor={editor} payments={props.payments} />
      </HStack>
      <PaymentsSection inv={inv} payments={props.payments} timeZone={props.timeZone} />
      <EditorDialogs
        dialog={dialogs.dialog}
        onClose={dialogs.close}
        canPay={canPay}
        canEdit={canEdit}
        canRefund={canRefund}
        {...props}
      />
    </Stack>
  );
}
