import { Field, Input, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ShopSettings } from '../../../domain/configSheet';
import { MSG } from '../../../domain/messages';
import { storageChargeText, storageTermsText } from '../../../domain/terms';
import { STORAGE_LINE_ID, storageDaysSince } from '../../../domain/totals';
import { isStorageDays } from '../../../domain/writes/invoices';
import type { InvoiceRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { notify, notifyError } from '../../feedback/toaster';
import { ActionDialog } from './ActionDialog';
import { useInvoiceAction, type ActionStep } from './useInvoiceAction';
import { useSubmitOnce } from './useSubmitOnce';

/** SPEC §2/§4: the storage-charge toggle (repos.invoices.setStorage; on = the days since the job was completed). */
export function StorageToggle({ invoice, disabled }: { invoice: InvoiceRow; disabled: boolean }) {
  const repos = useRepos();
  const once = useSubmitOnce();
  const on = invoice.storage === 'on';
  const toggle = (next: boolean) =>
    once.run(async () => {
      try {
        await repos.invoices.setStorage(invoice.id, next);
        notify(next ? 'Storage charge switched on' : 'Storage charge switched off');
      } catch (err) {
        notifyError(err);
      }
    });
  return (
    <Switch.Root
      checked={on}
      disabled={disabled || once.pending}
      onCheckedChange={(e) => void toggle(!!e.checked)}
      data-testid="storage-toggle"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>
        Storage charge{' '}
        {on ? `(${invoice.storage_days} day${invoice.storage_days === 1 ? '' : 's'}, item ${STORAGE_LINE_ID})` : 'off'}
      </Switch.Label>
    </Switch.Root>
  );
}

/** The days already charged, or else the days since the job was done. */
const startingDays = (invoice: InvoiceRow, since: string) =>
  invoice.storage === 'on' && invoice.storage_days > 0 ? invoice.storage_days : storageDaysSince(since, new Date());

/** Add Storage: a number of days, the JMD charge of SPEC §9 and what it puts on the USD invoice. */
export function StorageDialog({
  invoice,
  since,
  settings,
  onClose,
}: {
  invoice: InvoiceRow;
  since: string;
  settings: ShopSettings;
  onClose: () => void;
}) {
  const repos = useRepos();
  const [text, setText] = useState(() => String(startingDays(invoice, since)));
  const action = useInvoiceAction(invoice, onClose, { message: 'Could not add storage.', guardVersion: false });
  const days = Number(text);
  const valid = isStorageDays(days);

  const check = (): ActionStep =>
    valid
      ? async () => {
          await repos.invoices.setStorage(invoice.id, true, days);
          return `Storage of ${days} day${days === 1 ? '' : 's'} added`;
        }
      : { message: MSG.storageDays };

  return (
    <ActionDialog
      title="Add Storage"
      testId="storage-dialog"
      submitLabel="Add Storage"
      pending={action.pending}
      error={action.error}
      onSubmit={() => void action.submit(check)}
      onClose={onClose}
    >
      <Field.Root>
        <Field.Label>Days in storage</Field.Label>
        <Input
          name="days"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value.replace(/\D/g, '').slice(0, 4));
            action.clearError();
          }}
        />
      </Field.Root>
      {valid && (
        <Text mt="2" data-testid="storage-preview">
          {storageChargeText(days, settings)}
        </Text>
      )}
      <Text mt="2" fontSize="sm" color="fg.muted">
        {storageTermsText(settings)}
      </Text>
    </ActionDialog>
  );
}
