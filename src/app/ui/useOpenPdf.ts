import { useCallback, useState } from 'react';
import { notifyError } from '../feedback/toaster';
import { openPdf } from './documents';

/**
 * Builds a document on the device and opens it (works offline), saying what went wrong in a toast. `busy` is the key
 * of the document being built (its file name unless given), so a row of buttons can show which one is working.
 */
export function useOpenPdf() {
  const [busy, setBusy] = useState<string | null>(null);
  const open = useCallback(async (make: () => Promise<Blob>, fileName: string, key: string = fileName) => {
    setBusy(key);
    try {
      openPdf(await make(), fileName);
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(null);
    }
  }, []);
  return { busy, open };
}
