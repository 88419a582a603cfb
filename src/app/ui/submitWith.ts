import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, SubmitHandler, UseFormHandleSubmit } from 'react-hook-form';
import { notifyError } from '../feedback/toaster';

/**
 * The one way a react-hook-form form is submitted: the fields are checked, then `save` runs. handleSubmit's promise
 * rejects when `save` throws (or the resolver does), and a form's onSubmit or a Save button drops what it returns,
 * so the failure is caught here and shown by `onError`: a toast, unless the screen shows its errors itself (the
 * login form's line under the fields). The handler returns nothing, which is what React's callbacks expect
 * (no-misused-promises, docs/ARCHITECTURE.md):
 *   <form onSubmit={submitWith(handleSubmit, save)} noValidate>   ·   onSave={submitWith(handleSubmit, save)}
 */
export function submitWith<V extends FieldValues, Out>(
  handleSubmit: UseFormHandleSubmit<V, Out>,
  save: SubmitHandler<Out>,
  onError: (err: unknown) => void = notifyError,
): (e?: BaseSyntheticEvent) => void {
  return (e) => {
    handleSubmit(save)(e).catch(onError);
  };
}
