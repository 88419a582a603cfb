import { Portal, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';
import { MSG } from '../../domain/messages';
import { ApiError } from '../../sync/transport';

/** One toaster for the whole app, with SPEC §8–§9 timings. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4 });

export const DURATION = { error: 4100, snackbar: 4000, copy: 2000, info: 2500 } as const;

export function notify(message: string, type: 'success' | 'info' | 'warning' = 'success') {
  toaster.create({ description: message, type, duration: DURATION.snackbar, closable: true });
}

export function notifyCopy(what = 'Copied') {
  toaster.create({ description: what, type: 'info', duration: DURATION.copy });
}

/** Server messages as they are; timeouts and network failures in SPEC's words. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'timeout') return MSG.requestTimeout;
    if (err.kind === 'network') return MSG.networkError;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

export function notifyError(err: unknown) {
  toaster.create({ description: errorMessage(err), type: 'error', duration: DURATION.error, closable: true });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
