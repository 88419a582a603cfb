import type { BayBookDB } from '../local/db';
import type { Session } from '../local/write';
import type { Choice } from '../domain/decisions';
import type { FieldConflictRow } from './decisions';
import type { ExplainedConflict } from './discard';
import type { PushResult } from './outbox';
import type { PullOptions, PullResult } from './pullTypes';
import type { StatusStore, SyncStatus } from './status';
import type { ChannelClass } from './syncNews';
import type { Transport } from './transport';

/** The sync engine's options and surface (engine.ts builds it, cycle.ts runs its cycles). */

export interface SyncEngineOptions {
  db: BayBookDB;
  /** the API root: '/api' in the browser, `${url}/api` in tests */
  baseUrl?: string;
  transport?: Transport;
  fetch?: typeof fetch;
  /** automatic cycle interval; 0 turns it off (tests) */
  intervalMs?: number;
  pageSize?: number;
  lockName?: string;
  random?: () => number;
  timeoutMs?: number;
  healthTimeoutMs?: number;
  onStatus?: (s: SyncStatus) => void;
  /** where 'online'/'offline' events come from (window); none in Node */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /** register Background Sync when an entry is queued (browser only) */
  backgroundSync?: boolean;
  /** the BroadcastChannel class other contexts hear this one's syncs on (default the global one; null: none) */
  broadcastChannel?: ChannelClass | null;
  /** hear the server's live changes (src/sync/live.ts) and sync on each; the app turns it on, tests mostly not */
  live?: boolean;
  /**
   * Runs the pull: in this thread by default; the app gives `pullOffMain` (src/sync/pullInWorker.ts), which moves it
   * to a worker. Given by the app, not imported here, so the service worker's bundle holds no second worker script.
   */
  pull?: (opts: PullOptions) => Promise<PullResult>;
}

export interface SyncReport {
  online: boolean;
  push?: PushResult;
  pull?: PullResult;
  error?: string;
  /** skipped: another tab or the service worker holds the outbox lock (a forced cycle waits for it instead) */
  skipped?: boolean;
}

export interface SyncEngine {
  readonly db: BayBookDB;
  readonly status: StatusStore;
  readonly transport: Transport;
  start(): void;
  stop(): void;
  /** a full cycle now, ignoring backoff (after another context's cycle, when one holds the outbox lock) */
  syncNow(): Promise<SyncReport>;
  /** a cycle that respects backoff (what timers and events run) */
  kick(): Promise<SyncReport>;
  /** after POST /login: keep the token for this user's entries, register the device, sync */
  signIn(s: Session & { token: string }): Promise<{ deviceCode: string | null }>;
  /**
   * the session ends on this device; `forgetToken` also holds the user's unsent changes until they sign in again;
   * `forgetPin` forgets the member's quick-switch PIN here (their own Logout: docs/DECISIONS.md)
   */
  signOut(opts?: { forgetToken?: boolean; forgetPin?: boolean }): Promise<void>;
  checkOnline(): Promise<boolean>;
  isSending(): boolean;
  refreshStatus(): Promise<SyncStatus>;
  conflicts: {
    /** the refused changes waiting for a decision, in words (a discarded one is no longer in it) */
    list(): Promise<ExplainedConflict[]>;
    /** the refused changes discarded on this device: kept, with whether their activity-log line has gone */
    discarded(): Promise<ExplainedConflict[]>;
    retry(id: string): Promise<void>;
    /** drop a refused change; a money change needs the reason, which goes to the activity log with it */
    discard(id: string, reason?: string): Promise<void>;
    /** the field conflicts waiting for a person (issue 14), oldest first */
    decisions(): Promise<FieldConflictRow[]>;
    /** keep theirs, use mine, or send an edited value; the decision goes to the activity log */
    decide(id: string, choice: Choice, value?: unknown): Promise<void>;
  };
}
