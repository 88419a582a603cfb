import { Button, Field, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../domain/messages';
import type { ExplainedConflict } from '../../sync/discard';
import { useSync } from '../data/context';
import { notifyError } from '../feedback/toaster';
import { DialogFrame } from '../ui/DialogFrame';

/**
 * Discarding a refused change (issue 14): the dialog says what is lost and asks why; nothing is dropped until the
 * person gives a reason and presses "Discard for good". The reason goes with the discard to the activity log, so
 * cash taken for a payment the server refused is never thrown away in one click or without a word.
 */
export function DiscardDialog({ c, onClose }: { c: ExplainedConflict; onClose: () => void }) {
  const engine = useSync();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const discard = async () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await engine.conflicts.discard(c.id, reason);
      onClose();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame
      title={MSG.discardConfirmTitle}
      testId="discard-dialog"
      role="alertdialog"
      closeButton={false}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void discard()}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep it
          </Button>
          <Button type="submit" colorPalette="red" loading={busy}>
            Discard for good
          </Button>
        </>
      }
    >
      <Text>{c.loss}</Text>
      <Field.Root required invalid={missing} mt="3">
        <Field.Label>{MSG.discardReasonLabel}</Field.Label>
        <Textarea
          value={reason}
          rows={2}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
        />
        {missing && <Field.ErrorText>{MSG.discardReasonRequired}</Field.ErrorText>}
      </Field.Root>
      <Text mt="2" fontSize="sm" color="fg.muted">
        {MSG.discardTrace}
      </Text>
    </DialogFrame>
  );
}
