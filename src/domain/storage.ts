import { MSG, fill } from './messages';

/**
 * The device's storage rules (DESIGN.md: "IndexedDB can vanish"). Photos taken offline wait in IndexedDB until they
 * are sent, so a photo is refused before it is queued when the browser's estimate says it will not fit, rather than
 * failing half-way with the browser's own QuotaExceededError.
 */

/** Room kept free beyond a photo: the outbox entries and pulled rows that follow it need space too. */
export const STORAGE_HEADROOM_BYTES = 10 * 1024 * 1024;

/** How often the shell asks the browser again how full the device is (besides after each queued change). */
export const STORAGE_CHECK_INTERVAL_MS = 3 * 60_000;

export interface StorageEstimateLike {
  usage: number;
  quota: number;
}

/** Less than 10% (or 100 MB) of the quota left: warn, the outbox may not fit much more. Unknown quota: not low. */
export function storageLow(usage: number, quota: number): boolean {
  const free = quota - usage;
  return quota > 0 && (free < quota * 0.1 || free < 100 * 1024 * 1024);
}

/** '850 KB', '42 MB', '1.2 GB' */
export function formatBytes(bytes: number): string {
  const n = Math.max(0, bytes);
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  if (n < 1024 * 1024 * 1024) return `${Math.round(n / (1024 * 1024))} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/**
 * May a photo of `bytes` be queued on this device? Yes when the browser gives no estimate (nothing is known, the
 * browser's own quota error is still caught), otherwise only with STORAGE_HEADROOM_BYTES left over.
 */
export function photoFits(
  bytes: number,
  estimate: StorageEstimateLike | null | undefined,
): { ok: true } | { ok: false; message: string } {
  if (!estimate || !(estimate.quota > 0)) return { ok: true };
  const free = estimate.quota - estimate.usage;
  if (bytes + STORAGE_HEADROOM_BYTES <= free) return { ok: true };
  return { ok: false, message: fill(MSG.storageNoRoomForPhoto, { free: formatBytes(free) }) };
}
