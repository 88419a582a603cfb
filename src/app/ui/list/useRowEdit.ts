import { useState } from 'react';
import type { FieldErrors, FieldValues, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { notify, notifyError } from '../../feedback/toaster';
import { submitWith } from '../submitWith';

/** A list's inline edit as its cells read it: which row is open, its fields, Save and Cancel. */
export interface RowEdit<R, F extends FieldValues> {
  editingId: string | null;
  saving: boolean;
  register: UseFormRegister<F>;
  errors: FieldErrors<F>;
  start(row: R): void;
  cancel(): void;
  save(): void;
}

/**
 * The inline edit of a list (Customers, Product List): one row at a time, its fields in the row's cells, Save or
 * Cancel. `form` is the screen's useForm (its resolver the domain's schema), `values` fills it from the row, `write`
 * saves what was typed and says what was done (null: nothing changed). A refusal is shown and the row stays open.
 */
export function useRowEdit<R extends { id: string }, F extends FieldValues, V>(
  form: UseFormReturn<F, unknown, V>,
  values: (row: R) => F,
  write: (row: R, v: V) => Promise<string | null>,
): RowEdit<R, F> {
  const [editing, setEditing] = useState<R | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (v: V) => {
    if (!editing) return;
    setSaving(true);
    try {
      const done = await write(editing, v);
      if (done) notify(done);
      setEditing(null);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };
  return {
    editingId: editing?.id ?? null,
    saving,
    register: form.register,
    errors: form.formState.errors,
    start(row) {
      form.reset(values(row));
      setEditing(row);
    },
    cancel: () => setEditing(null),
    save: submitWith(form.handleSubmit, submit),
  };
}
