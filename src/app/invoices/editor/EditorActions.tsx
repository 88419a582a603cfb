import { Box, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import type { ShopSettings } from '../../../domain/configSheet';
import { METHOD_LABELS } from '../../../domain/entities';
import { storageTermsText } from '../../../domain/terms';
import { STORAGE_LINE_ID } from '../../../domain/totals';
import type { CustomerRow, InvoiceRow } from '../../../local/db';
import type { Line, PaymentMethod } from '../../../local/repositories/invoices';
import { MessageAlert } from '../../feedback/MessageAlert';
import type { EditorDialog } from './dialogKinds';
import { StorageToggle } from './Storage';
import type { InvoiceDraftState } from './useInvoiceDraft';

/** SPEC §2's payment buttons, in its order. */
const PAY_BUTTONS: readonly PaymentMethod[] = ['cash', 'credit_card', 'debit_card', 'cheque', 'online'];

/** Save & Recal Charges, Discard changes while there are edits, and why the last save failed. */
export function SaveBar({ editor, canEdit }: { editor: InvoiceDraftState; canEdit: boolean }) {
  return (
    <>
      {canEdit && (
        <HStack gap="2" wrap="wrap">
          <Button
            colorPalette="blue"
            loading={editor.saving}
            disabled={editor.saving}
            onClick={() => void editor.save()}
          >
            Save & Recal Charges
          </Button>
          {editor.dirty && (
            <Button variant="ghost" onClick={editor.discard}>
              Discard changes
            </Button>
          )}
        </HStack>
      )}
      <MessageAlert message={editor.saveError} testId="save-error" />
    </>
  );
}

/** Take a payment (one button per method), Apply Discount (or the discount applied) and Apply Points. */
export function PayPanel({
  inv,
  customer,
  open,
}: {
  inv: InvoiceRow;
  customer: CustomerRow | null;
  open: (dialog: EditorDialog) => void;
}) {
  return (
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
  );
}

/** Add Storage with the storage switch and the shop's storage terms; Item Return while a product can go back. */
export function StoragePanel({
  inv,
  settings,
  open,
}: {
  inv: InvoiceRow;
  settings: ShopSettings;
  open: (dialog: EditorDialog) => void;
}) {
  const returnable = ((inv.products ?? []) as Line[]).some(
    (l) => l.id !== STORAGE_LINE_ID && l.qty - (l.returned ?? 0) > 0,
  );
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => open({ kind: 'storage' })}>
          Add Storage
        </Button>
        <StorageToggle invoice={inv} disabled={false} />
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
  );
}
