import { Alert, Button, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { errorMessage, notify } from '../feedback/toaster';
import { DialogFrame } from './DialogFrame';

/**
 * The one Save of a FormDialog: `saving` while the repository call runs, its refusal kept as `refusal` (shown as it
 * is, the dialog stays open), else the success toast the call returns and the dialog closes.
 */
export function useDialogSave(onClose: () => void) {
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (write: () => Promise<string>, type?: 'success' | 'info') => {
    setSaving(true);
    setRefusal(null);
    try {
      notify(await write(), type);
      onClose();
    } catch (err) {
      setRefusal(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, refusal, run };
}

/**
 * A form in a dialog (Add/Edit Member, Edit Config, Add/Edit Supplier): the form element wraps body and footer so
 * Save submits it; a repository refusal is shown above the buttons as it is, and the dialog stays open.
 */
export function FormDialog(props: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  saving: boolean;
  error: string | null;
  children: ReactNode;
  notice?: ReactNode;
  submitLabel?: string;
}) {
  const { title, onClose, onSubmit, saving, error, children, notice, submitLabel = 'Save' } = props;
  const footer = (
    <>
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" colorPalette="blue" loading={saving}>
        {submitLabel}
      </Button>
    </>
  );
  return (
    <DialogFrame
      title={title}
      testId="form-dialog"
      size={{ base: 'full', md: 'md' }}
      onClose={onClose}
      onSubmit={onSubmit}
      footer={footer}
    >
      <Stack gap="4">
        {notice}
        {children}
        {error && (
          <Alert.Root status="error" size="sm" role="alert">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </DialogFrame>
  );
}
