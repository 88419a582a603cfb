import { useCallback, useRef, useState } from 'react';

/**
 * A money action that must never run twice: the guard is a ref, set synchronously on the first click, so a double
 * click, Enter pressed while the button is clicked, or a second submit before React re-renders cannot start a second
 * write. `finish()` keeps it shut for good (the dialog's payment is made; it is closing).
 *   const once = useSubmitOnce();
 *   <Button loading={once.pending} onClick={() => once.run(async () => { await pay(); once.finish(); })}>
 */
export function useSubmitOnce() {
  const busy = useRef(false);
  const done = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (fn: () => Promise<void>) => {
    if (busy.current || done.current) return;
    busy.current = true;
    setPending(true);
    try {
      await fn();
    } finally {
      busy.current = false;
      if (!done.current) setPending(false);
    }
  }, []);
  const finish = useCallback(() => {
    done.current = true;
  }, []);
  return { pending, run, finish };
}
