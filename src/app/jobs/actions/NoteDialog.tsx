import { Button, Field, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { textMax } from '../../../domain/model/fields';
import { jobs } from '../../../domain/model/jobs';
import { notify, notifyError } from '../../feedback/toaster';
import { DialogFrame } from '../../ui/DialogFrame';

/** The longest note the server takes (jobNoteSchema). */
/** a job note's limit: the model's jobs.service_note (and comment), as jobNoteSchema reads it */
const NOTE_MAX = textMax(jobs.fields.service_note);

/**
 * Customer Comments and Service Notes (SPEC §2 Job table dialogs): a textarea with the current text and Save.
 * A final job's note is shown read-only (the server refuses 'Cannot update final requests').
 */
export function NoteDialog(props: {
  title: string;
  label: string;
  initial: string;
  readOnly?: boolean;
  onSave: (value: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { title, label, initial, readOnly, onSave, onClose } = props;
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(value);
      notify(`${title} saved`);
      onClose();
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };
  const footer = (
    <>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      {!readOnly && (
        <Button colorPalette="blue" onClick={() => void save()} loading={saving}>
          Save
        </Button>
      )}
    </>
  );
  return (
    <DialogFrame title={title} size={{ base: 'full', md: 'lg' }} onClose={onClose} footer={footer}>
      <Field.Root readOnly={readOnly}>
        <Field.Label>{label}</Field.Label>
        <Textarea
          value={value}
          onChange={(e) => setValue(e.target.value)}
          rows={6}
          maxLength={NOTE_MAX}
          autoFocus={!readOnly}
        />
        {readOnly && <Field.HelperText>{MSG.cannotUpdateFinal}</Field.HelperText>}
      </Field.Root>
      {!readOnly && (
        <Text fontSize="xs" color="fg.muted" mt="1" textAlign="end">
          {value.length}/{NOTE_MAX}
        </Text>
      )}
    </DialogFrame>
  );
}
