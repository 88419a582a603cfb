/**
 * Sign-in limits (issue 19): slow a guesser down without ever locking the owner out. Failures are counted per
 * address + username (the guesser's own pair) and per address; never per username alone, so five wrong passwords
 * for 'admin' from a stranger's address cannot stop the right password from the owner's. Once a key reaches its
 * limit, each further failure doubles the wait, from 30 seconds up to the window.
 */
export const SIGN_IN_FIRST_WAIT_SECONDS = 30;

/** How long a key waits after its `failures`-th failure in a row (0 while under the limit). */
export function signInWaitSeconds(failures: number, limit: number, capSeconds: number): number {
  if (failures < limit) return 0;
  return Math.min(capSeconds, SIGN_IN_FIRST_WAIT_SECONDS * 2 ** Math.min(failures - limit, 20));
}

/** "45 seconds", "1 minute", "15 minutes": the real wait, rounded up, for the 429 message. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}
