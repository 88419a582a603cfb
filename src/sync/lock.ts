/**
 * One outbox worker at a time across tabs and the service worker: the Web Locks API when there is one
 * (`navigator.locks`), an in-process mutex otherwise (Node tests, old browsers: there a second tab could send at the
 * same time, which the server's idempotency keys make harmless — only slower).
 *
 * `ifAvailable` (the default): when another context already holds the lock, skip (return `{ ran: false }`) instead
 * of queueing up: the running worker picks up whatever was queued meanwhile. `ifAvailable: false` waits for it (a
 * forced cycle, the service worker's Background Sync).
 */

const local = new Map<string, Promise<unknown>>();

/** The lock one device database's outbox worker holds, in every tab and in the service worker. */
export function outboxLockName(dbName: string): string {
  return dbName === 'baybook' ? 'baybook-outbox' : `baybook-outbox:${dbName}`;
}

interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; mode?: 'exclusive' | 'shared' },
    cb: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

function lockManager(): LockManagerLike | null {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

export async function withLock<T>(
  name: string,
  fn: () => Promise<T>,
  opts: { ifAvailable?: boolean } = {},
): Promise<{ ran: boolean; value?: T }> {
  const locks = lockManager();
  if (locks) {
    let ran = false;
    let value: T | undefined;
    await locks.request(name, { ifAvailable: opts.ifAvailable ?? true, mode: 'exclusive' }, async (lock) => {
      if (!lock) return;
      ran = true;
      value = await fn();
    });
    return { ran, value };
  }
  // in-process fallback
  for (;;) {
    const busy = local.get(name);
    if (!busy) break;
    if (opts.ifAvailable ?? true) return { ran: false };
    await busy.catch(() => undefined);
  }
  const p = fn();
  local.set(name, p);
  try {
    return { ran: true, value: await p };
  } finally {
    if (local.get(name) === p) local.delete(name);
  }
}
