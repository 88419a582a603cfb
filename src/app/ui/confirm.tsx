import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

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
      <Dialog.Root open={!!current} onOpenChange={(e) => !e.open && close(false)} role="alertdialog" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="confirm-dialog">
              <Dialog.Header>
                <Dialog.Title>{current?.title ?? 'Please confirm'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{typeof current?.message === 'string' ? <Text>{current.message}</Text> : current?.message}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => close(false)}>
                  {current?.cancelLabel ?? 'Cancel'}
                </Button>
                <Button colorPalette={current?.danger ? 'red' : 'blue'} onClick={() => close(true)}>
                  {current?.confirmLabel ?? 'Confirm'}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs <ConfirmProvider> above it.');
  return ask;
}
