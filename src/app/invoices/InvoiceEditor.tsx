import { Alert, Box, Button, HStack, Heading, Separator, Stack, Text, Wrap } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { shopSettings } from '../../domain/configSheet';
import { METHOD_LABELS } from '../../domain/entities';
import { MSG, fill } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { STORAGE_LINE_ID, addLine, isInvoiceLocked } from '../../domain/totals';
import type { CustomerRow, InvoiceRow, JobRow, TransactionRow } from '../../local/db';
import type { Line, PaymentMethod } from '../../local/repositories/invoices';
import { LocalWriteError } from '../../local/write';
import { useRepos } from '../data/DataProvider';
import { DelayedSpinner } from '../feedback/DelayedSpinner';
import { errorMessage, notify, notifyError } from '../feedback/toaster';
import { useShopTimeZone } from '../ui/useShopTimeZone';
import { useSession } from '../session/session';
import { DiscountDialog } from './editor/DiscountDialog';
import { InvoiceHeader } from './editor/InvoiceHeader';
import { ItemReturnDialog } from './editor/ItemReturnDialog';
import { PaymentDialog } from './editor/PaymentDialog';
import { PaymentsList, ReceiptsDialog } from './editor/Payments';
import { PointsDialog } from './editor/PointsDialog';
import { StorageDialog, StorageToggle, storageTermsText } from './editor/Storage';
import { invoicePdfBlob, openPdf } from '../ui/documents';
import {
  draftOf,
  figuresOf,
  heldBy,
  isDirty,
  linesChanged,
  liveDraft,
  parseDraft,
  withStoredReturns,
  type Draft,
} from './editor/draft';
import { useSubmitOnce } from './editor/useSubmitOnce';
import { LabourFields, LinesTable, ProductPicker, Summary, useLineStock, type LabourError } from './lines';

/**
 * SPEC §2 Invoice editor (/view-invoice?id=<invoice id>, level 4): where the shop takes payments. Reads the invoice,
 * its job, customer and payments live from the device (repos), so another device's payment arriving by the pull shows
 * at once; writes only through repos.invoices (edit, pay, discount, redeem, setStorage, returnItems), so it works with
 * the network cut. Unsaved edits are a draft (editor/draft.ts) and block payments (SPEC §4 'Must save changes before
 * you make a payment.'); every money write is guarded against a second submit (editor/useSubmitOnce.ts). A paid
 * invoice (isInvoiceLocked) shows PAID and offers no edits, discount, points, storage, returns or payments.
 */

type DialogState =
  | { kind: 'pay'; method: PaymentMethod }
  | { kind: 'discount' }
  | { kind: 'points' }
  | { kind: 'storage' }
  | { kind: 'return' }
  | { kind: 'receipts' }
  | null;

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
        <Button variant="outline" onClick={() => navigate('/view-invoices')}>
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

/** SPEC §2's payment buttons, in its order. */
const PAY_BUTTONS: readonly PaymentMethod[] = ['cash', 'credit_card', 'debit_card', 'cheque', 'online'];

function Editor({
  inv,
  job,
  customer,
  payments,
  settings,
  level,
  timeZone,
}: Loaded & { settings: ReturnType<typeof shopSettings>; level: number; timeZone: string }) {
  const repos = useRepos();
  const navigate = useNavigate();
  const saveOnce = useSubmitOnce();
  const [ownDraft, setDraft] = useState<Draft | null>(null);
  const [fieldError, setFieldError] = useState<LabourError | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [pdfBusy, setPdfBusy] = useState(false);

  const locked = isInvoiceLocked(inv);
  const canEdit = can('invoice.edit', level) && !locked;
  const canPay = can('payment.take', level) && !locked;
  const isProduct = inv.type === 'product';
  // paid in full (here or on another device): the money dialogs close; the receipts stay
  useEffect(() => {
    if (locked) setDialog((d) => (d?.kind === 'receipts' ? d : null));
  }, [locked]);
  // a paid invoice is locked (SPEC §4): edits left over from before it was paid no longer count
  const kept = locked ? null : liveDraft(ownDraft, inv);
  const draft = kept && { ...kept, lines: withStoredReturns(kept.lines, inv) };
  const shown = draft ?? draftOf(inv);
  const changedUnder = !!draft && draft.base.version !== inv.version;
  const dirty = isDirty(draft, inv);
  const adjusted = linesChanged(draft, inv);
  const figures = figuresOf(inv, dirty ? draft : null, settings);
  const held = useMemo(() => heldBy(inv), [inv]);
  const stockOf = useLineStock(shown.lines, held);

  const edit = (change: Partial<Draft>) => {
    setDraft((d) => ({ ...(liveDraft(d, inv) ?? draftOf(inv)), ...change }));
    setFieldError(null);
    setSaveError(null);
    setNotice(null);
  };

  /** SPEC §5 Invoice save: the form's messages with a scroll to the field, then the repository's rules (zero, stock). */
  const save = () =>
    saveOnce.run(async () => {
      setSaveError(null);
      setNotice(null);
      const parsed = parseDraft(shown, inv);
      if (!parsed.ok) {
        setFieldError({ field: parsed.field, message: parsed.message, at: Date.now() });
        return;
      }
      try {
        await repos.invoices.edit(inv.id, parsed.form, withStoredReturns(parsed.lines, inv));
        setDraft(null);
        setFieldError(null);
        notify('Invoice saved');
      } catch (err) {
        setSaveError(err instanceof LocalWriteError ? err.message : `${MSG.failedProcessRetry} (${errorMessage(err)})`);
      }
    });

  /** SPEC §4: an invoice must be saved before a payment is accepted (discount and points too: they change the amount due). */
  const open = (next: Exclude<DialogState, null>) => {
    if (
      dirty &&
      (next.kind === 'pay' || next.kind === 'discount' || next.kind === 'points' || next.kind === 'return')
    ) {
      setNotice(MSG.mustSaveFirst);
      return;
    }
    setNotice(null);
    setDialog(next);
  };

  const invoicePdf = async () => {
    setPdfBusy(true);
    try {
      openPdf(await invoicePdfBlob(repos, inv), `invoice-${inv.number}.pdf`);
    } catch (err) {
      notifyError(err);
    } finally {
      setPdfBusy(false);
    }
  };

  const payments$ = payments.filter((t) => t.method !== 'discount' && t.method !== 'redemption');
  const returnable = ((inv.products ?? []) as Line[]).some(
    (l) => l.id !== STORAGE_LINE_ID && l.qty - (l.returned ?? 0) > 0,
  );

  return (
    <Stack gap="5" data-testid="invoice-editor" data-locked={locked ? 'true' : 'false'}>
      <HStack wrap="wrap" gap="2">
        <Button variant="outline" onClick={() => navigate('/view-invoices')}>
          View Invoices
        </Button>
        <Button variant="outline" loading={pdfBusy} onClick={() => void invoicePdf()}>
          Invoice PDF
        </Button>
        <Button variant="outline" onClick={() => setDialog({ kind: 'receipts' })}>
          Print
        </Button>
      </HStack>

      <InvoiceHeader invoice={inv} job={job} timeZone={timeZone} />
      <Separator />

      {!isProduct && (
        <Box maxW="lg">
          <LabourFields
            values={{ workHours: shown.workHours, rate: shown.rate }}
            onChange={(v) => edit(v)}
            error={fieldError}
            disabled={!canEdit}
          />
        </Box>
      )}

      <Stack gap="2">
        <Heading size="md">Items</Heading>
        {canEdit && (
          <ProductPicker
            lines={shown.lines}
            stockOf={stockOf}
            onAdd={(line) => edit({ lines: addLine(shown.lines, line) })}
          />
        )}
        <LinesTable lines={shown.lines} readOnly={!canEdit} stockOf={stockOf} onChange={(lines) => edit({ lines })} />
      </Stack>

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

      <HStack align="start" justify="space-between" wrap="wrap" gap="6">
        <Stack gap="3" flex="1" minW="64">
          {canEdit && (
            <HStack gap="2" wrap="wrap">
              <Button
                colorPalette="blue"
                loading={saveOnce.pending}
                disabled={saveOnce.pending}
                onClick={() => void save()}
              >
                Save & Recal Charges
              </Button>
              {dirty && (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setDraft(null);
                    setFieldError(null);
                    setSaveError(null);
                    setNotice(null);
                  }}
                >
                  Discard changes
                </Button>
              )}
            </HStack>
          )}
          {saveError && (
            <Alert.Root status="error" role="alert" data-testid="save-error">
              <Alert.Indicator />
              <Alert.Title>{saveError}</Alert.Title>
            </Alert.Root>
          )}
          {canPay && (
            <Stack gap="2">
              <Text fontWeight="semibold">Take a payment</Text>
              <Wrap gap="2" data-testid="payment-buttons">
                {PAY_BUTTONS.map((m) => (
                  <Button key={m} colorPalette="green" onClick={() => open({ kind: 'pay', method: m })}>
                    {METHOD_LABELS[m]}
                  </Button>
                ))}
              </Wrap>
              <Wrap gap="2">
                {inv.discount_percent > 0 ? (
                  <Text data-testid="discount-applied">Discount {inv.discount_percent}% applied</Text>
                ) : (
                  <Button variant="outline" onClick={() => open({ kind: 'discount' })}>
                    Apply Discount
                  </Button>
                )}
                {customer && (
                  <Button variant="outline" onClick={() => open({ kind: 'points' })}>
                    Apply Points
                  </Button>
                )}
              </Wrap>
            </Stack>
          )}
          {notice && (
            <Alert.Root status="warning" role="alert" data-testid="editor-notice">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          )}
          {canEdit && (
            <Stack gap="2">
              <HStack gap="3" wrap="wrap">
                <Button variant="outline" onClick={() => open({ kind: 'storage' })}>
                  Add Storage
                </Button>
                <StorageToggle invoice={inv} disabled={!canEdit} />
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {storageTermsText(settings)}
              </Text>
              {returnable && (
                <Box>
                  <Button variant="outline" onClick={() => open({ kind: 'return' })}>
                    Item Return
                  </Button>
                </Box>
              )}
            </Stack>
          )}
        </Stack>
        <Stack gap="1">
          {dirty && (
            <Text fontSize="sm" color="orange.700" data-testid="unsaved">
              Not saved yet: these figures are what Save & Recal Charges will record.
            </Text>
          )}
          <Summary figures={figures.totals} showDue />
        </Stack>
      </HStack>

      <Stack gap="2">
        <Heading size="md">Payments</Heading>
        <PaymentsList payments={payments} timeZone={timeZone} number={inv.number} />
        {payments$.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {payments$.length} payment{payments$.length === 1 ? '' : 's'}; receipts under Print.
          </Text>
        )}
      </Stack>

      {dialog?.kind === 'pay' && canPay && (
        <PaymentDialog invoice={inv} method={dialog.method} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'discount' && canPay && (
        <DiscountDialog invoice={inv} customerPercent={customer?.discount ?? 0} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'points' && canPay && (
        <PointsDialog
          invoice={inv}
          available={customer?.current_points ?? 0}
          pointValueCents={settings.pointValueCents}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'storage' && canEdit && (
        <StorageDialog
          invoice={inv}
          since={job?.complete_at && !job.complete_at.startsWith('0000') ? job.complete_at : inv.created_at}
          settings={settings}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'return' && canEdit && <ItemReturnDialog invoice={inv} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'receipts' && (
        <ReceiptsDialog invoice={inv} payments={payments} settings={settings} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
