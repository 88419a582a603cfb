import { getMeta, setMeta, type BayBookDB } from '../local/db';
import { getDeviceId, type Session } from '../local/write';
import type { SyncEngineOptions, SyncReport } from './engineTypes';
import { withLock } from './lock';
import { backoffMs, failureText, pushPass, type PushResult } from './outbox';
import { pull } from './pull';
import { clearRepull, getRepull, repullRows, type Repull } from './repull';
import type { StatusStore, SyncStatus } from './status';
import { outboxSummary } from './summary';
import { dropUserToken, getTokens, validToken } from './tokens';
import { ApiError, isServerError, type Transport } from './transport';

/**
 * One sync cycle (engine.ts runs them): check reachability, then under the outbox lock push the queue and pull what
 * other devices did, then set the status and when to try again.
 */

/** What a cycle reads and keeps between cycles: the engine's parts and its few changing values. */
export interface EngineCore {
  readonly db: BayBookDB;
  readonly transport: Transport;
  readonly status: StatusStore;
  readonly opts: SyncEngineOptions;
  readonly random: () => number;
  readonly lockName: string;
  /** cycles failed in a row: the backoff grows with them */
  failures: number;
  /** this engine is pushing the outbox */
  sending: boolean;
  /** between start() and stop(): only then is a retry scheduled */
  started: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  kick(): Promise<SyncReport>;
  /** tells the other contexts (tabs, the service worker) that this one synced */
  announce(): void;
}

let sendingEngines = 0;
/** For `setOutboxBusyProvider`: true while any engine in this context is pushing the outbox. */
export function isSending(): boolean {
  return sendingEngines > 0;
}

export async function refreshStatus({ db, status }: Pick<EngineCore, 'db' | 'status'>): Promise<SyncStatus> {
  const { recheckAt: _, synced: __, ...s } = await outboxSummary(db);
  const lastSync = await getMeta<string | null>(db, 'lastSync', null);
  status.set({ ...s, lastSync });
  return status.get();
}

/**
 * POST /v3/devices once per device: the short code that prefixes this device's numbers ('B2-17'). `again` registers
 * a device that has a code with a server restored from a backup (its pull started over), which may not know the
 * device any more: the device tells the code it holds, and keeps it unless another device holds it now.
 */
export async function registerDevice(
  db: BayBookDB,
  transport: Transport,
  token: string,
  again = false,
): Promise<string> {
  const known = await getMeta<string | null>(db, 'deviceCode', null);
  if (known && !again) return known;
  const deviceId = await getDeviceId(db);
  const res = await transport<{ code: string }>('POST', '/v3/devices', {
    body: { data: { device_id: deviceId, ...(known ? { code: known } : {}) } },
    token,
  });
  await setMeta(db, 'deviceCode', res.data.code);
  return res.data.code;
}

interface Probed {
  online: boolean;
  error?: string;
  serverError?: boolean;
}

/** The reachability check: online, or why not (no link, or a server that answers 5xx). */
export async function probe({ transport, opts }: Pick<EngineCore, 'transport' | 'opts'>): Promise<Probed> {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  if (nav && nav.onLine === false) return { online: false, error: 'Network Error' };
  try {
    await transport('GET', '/health', { timeoutMs: opts.healthTimeoutMs ?? 5000 });
    return { online: true };
  } catch (err) {
    // an answer that is not 2xx still means the server is reachable
    if (err instanceof ApiError && err.kind === 'http' && (err.status ?? 0) < 500) return { online: true };
    if (isServerError(err)) return { online: false, error: failureText(err), serverError: true };
    return { online: false, error: 'Network Error' };
  }
}

function schedule(core: EngineCore, at: number) {
  if (!core.started) return;
  if (core.timer) clearTimeout(core.timer);
  core.timer = setTimeout(
    () => {
      core.timer = null;
      void core.kick();
    },
    Math.max(0, at - Date.now()),
  );
}

/**
 * One cycle: a report of what it did. When another context holds the outbox lock, a cycle from a timer or a queued
 * write is skipped (that context's worker sends what was queued meanwhile), but a forced one (sign-in, Sync now, the
 * link back) waits for the lock and then runs: the other context's cycle may have started before this one's reason —
 * before the sign-in, with nobody's token to pull with — and the next timer is 30 s away.
 */
export async function runOnce(core: EngineCore, force: boolean): Promise<SyncReport> {
  const probed = await probe(core);
  core.status.set({ online: probed.online });
  if (!probed.online) return offline(core, probed);
  const locked = await withLock(core.lockName, () => pushAndPull(core, force), { ifAvailable: !force });
  if (!locked.ran) {
    // another tab or the service worker is syncing the same database
    await refreshStatus(core);
    return { online: true, skipped: true };
  }
  const { report, pullServerError } = locked.value!;
  await settle(core, report, pullServerError);
  await refreshStatus(core);
  core.announce();
  return report;
}

async function offline(core: EngineCore, probed: Probed): Promise<SyncReport> {
  core.failures++;
  const retryAt = Date.now() + backoffMs(core.failures, core.random);
  // a server answering 5xx keeps failing; no link at all is not the server's fault
  const serverErrors = probed.serverError ? core.status.get().serverErrors + 1 : 0;
  core.status.set({ retryAt, lastError: probed.error!, serverErrors });
  schedule(core, retryAt);
  await refreshStatus(core);
  return { online: false, error: probed.error };
}

/** Under the outbox lock: push the queue, then pull (or re-pull only the refused rows when nobody is signed in). */
async function pushAndPull(core: EngineCore, force: boolean) {
  const { db, transport } = core;
  const report: SyncReport = { online: true };
  const session = await getMeta<Session | null>(db, 'session', null);
  const pullToken = session ? await validToken(db, session.username) : null;
  if (pullToken && !(await getMeta<string | null>(db, 'deviceCode', null))) {
    await registerDevice(db, transport, pullToken).catch(() => undefined);
  }
  report.push = await push(core, force);
  if (report.push.error) report.error = report.push.error;
  const repull = await getRepull(db);
  let pullServerError = false;
  if (pullToken) {
    pullServerError = await pullInto(core, report, { user: session!.username, token: pullToken }, repull);
    if (report.pull?.restarted) await registerDevice(db, transport, pullToken, true).catch(() => undefined);
  } else if (repull) await repullRefused(core, report, repull);
  return { report, pullServerError };
}

async function push(core: EngineCore, force: boolean): Promise<PushResult> {
  core.sending = true;
  sendingEngines++;
  core.status.set({ sending: true });
  try {
    return await pushPass({
      db: core.db,
      transport: core.transport,
      force,
      random: core.random,
      timeoutMs: core.opts.timeoutMs,
      onProgress: () => void refreshStatus(core),
    });
  } finally {
    core.sending = false;
    sendingEngines--;
    core.status.set({ sending: false });
  }
}

/** The pull into the report; true when it failed on a server error (5xx). */
async function pullInto(
  core: EngineCore,
  report: SyncReport,
  signedIn: { user: string; token: string },
  repull: Repull | null,
): Promise<boolean> {
  const { db, opts } = core;
  const runPull = opts.pull ?? pull;
  try {
    report.pull = await runPull({
      db,
      transport: core.transport,
      token: signedIn.token,
      pageSize: opts.pageSize,
      timeoutMs: opts.timeoutMs,
      onProgress: (p) => core.status.set({ pulling: p }),
      // the engine's own fetch to the API (not a caller's transport or fetch): the pull may leave the main thread
      workerBaseUrl: opts.transport || opts.fetch ? undefined : (opts.baseUrl ?? '/api'),
    });
    // the pull brought every row changed since the cursor: the refused rows are the server's again
    if (repull) await clearRepull(db, repull);
    return false;
  } catch (err) {
    report.error = isServerError(err) ? failureText(err) : (err as Error).message;
    if (err instanceof ApiError && err.kind === 'http' && err.status === 401) {
      await dropUserToken(db, signedIn.user, signedIn.token);
    }
    return isServerError(err);
  } finally {
    core.status.set({ pulling: null });
  }
}

/** Nobody signed in can pull: re-pull just the refused rows with the token of who made the change. */
async function repullRefused(core: EngineCore, report: SyncReport, repull: Repull) {
  const { db, opts } = core;
  const token = await repullToken(db, repull.actors);
  if (!token) return;
  try {
    await repullRows({ db, transport: core.transport, token, pageSize: opts.pageSize, timeoutMs: opts.timeoutMs });
  } catch (err) {
    report.error = isServerError(err) ? failureText(err) : (err as Error).message;
  }
}

/** a usable token to re-pull refused rows with: theirs who made the changes first, then anyone's on the device */
async function repullToken(db: BayBookDB, actors: string[]): Promise<string | null> {
  const tokens = await getTokens(db);
  for (const user of [...actors, ...Object.keys(tokens)]) {
    const t = await validToken(db, user);
    if (t) return t;
  }
  return null;
}

/** After the locked pass: the last sync time, or the error, the backoff and the count of 5xx in a row. */
async function settle(core: EngineCore, report: SyncReport, pullServerError: boolean) {
  const { status } = core;
  if (!report.error) {
    core.failures = 0;
    // "Synced 3:04 PM" says this device holds what the server had then: only a cycle that pulled may say it (one
    // with nobody signed in, as on the sign-in screen, pulled nothing; before, the screen read "Synced" while the
    // first signed-in pull had not yet brought a row)
    if (report.pull) await setMeta(core.db, 'lastSync', new Date().toISOString());
    status.set({ lastError: '', retryAt: null, serverErrors: 0 });
    return;
  }
  const pushFailed = report.push?.retryAt !== undefined;
  core.failures++;
  const retryAt = pushFailed ? report.push!.retryAt! : Date.now() + backoffMs(core.failures, core.random);
  // 5xx in a row: the head entry's own count (it survives a restart), or one more than the cycles before
  const pushServer = report.push?.serverErrors;
  const serverErrors =
    pushServer !== undefined
      ? Math.max(pushServer, status.get().serverErrors + 1)
      : pullServerError && !pushFailed
        ? status.get().serverErrors + 1
        : 0;
  status.set({ lastError: report.error, retryAt, serverErrors });
  schedule(core, retryAt);
}
