import { Button, Text } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { MSG } from '../../domain/messages';
import { notify, notifyError } from '../feedback/toaster';
import { DialogFrame } from './DialogFrame';

/**
 * One confirm dialog for every "Are you sure?" of SPEC (status change, assign, cancel, block, delete…):
 *   const confirm = useConfirm();
 *   if (await confirm({ title: 'Cancel job', message: MSG.confirmCancel, confirmLabel: 'Yes' })) …
 * Resolves true on the confirm button, false on Cancel, Escape or a click outside.
 */
export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** red confirm button for destructive actions */
  danger?: boolean;
}

type Ask = (o: ConfirmOptions) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback<Ask>(
    (o) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setCurrent(o);
      }),
    [],
  );
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setCurrent(null);
  };
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <DialogFrame
        title={current?.title ?? 'Please confirm'}
        testId="confirm-dialog"
        open={!!current}
        role="alertdialog"
        closeButton={false}
        onClose={() => close(false)}
        footer={
          <>
            <Button variant="outline" onClick={() => close(false)}>
              {current?.cancelLabel ?? 'Cancel'}
            </Button>
            <Button colorPalette={current?.danger ? 'red' : 'blue'} onClick={() => close(true)}>
              {current?.confirmLabel ?? 'Confirm'}
            </Button>
          </>
        }
      >
        {typeof current?.message === 'string' ? <Text>{current.message}</Text> : current?.message}
      </DialogFrame>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs <ConfirmProvider> above it.');
  return ask;
}

/**
 * The one confirm → repository call → toast of every action behind an "Are you sure?" (delete, cancel, block, assign…):
 *   const act = useConfirmedAction();
 *   act({ ...deleteConfirm(s.bizname), run: () => repos.products.removeSupplier(s.id), done: `Supplier ${s.bizname} deleted` });
 * Nothing happens on Cancel; `done` (or `done(result)`, undefined for no toast) is the success toast; a refusal
 * (LocalWriteError…) is shown as is, or through `onError` when the screen words it. Resolves true when the call succeeded.
 * It never rejects (every failure is shown here), so a click handler that needs no answer calls it with `void act(…)`.
 */
export interface ConfirmedAction<T> extends ConfirmOptions {
  run: () => Promise<T>;
  done: string | ((result: T) => string | undefined);
  onError?: (err: unknown) => void;
}

export function useConfirmedAction(): <T>(a: ConfirmedAction<T>) => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback(
    async <T,>({ run, done, onError = notifyError, ...options }: ConfirmedAction<T>) => {
      if (!(await confirm(options))) return false;
      try {
        const result = await run();
        const message = typeof done === 'function' ? done(result) : done;
        if (message) notify(message);
        return true;
      } catch (err) {
        onError(err);
        return false;
      }
    },
    [confirm],
  );
}

/** SPEC's delete confirm for a named row: 'Delete <name>' / 'Click delete to confirm.' / red Delete. */
export const deleteConfirm = (name: string): ConfirmOptions => ({
  title: `Delete ${name}`,
  message: MSG.clickDeleteToConfirm,
  confirmLabel: 'Delete',
  danger: true,
});
