import type { BayBookDB, Row } from '../local/db';
import type { ApiErrorKind, Transport } from './transport';

/** The pull's page of changes (GET /v3/sync/changes), its options, progress and result (pull.ts). */

export interface Change {
  seq: number;
  entity: string;
  id: string;
  op: 'upsert' | 'delete';
  row: Row | null;
}

export interface ChangesPage {
  changes: Change[];
  cursor: number;
  more: boolean;
  /** the newest seq on the server, when the server tells */
  head?: number;
  /** the level the server filtered this page at (SYNC_ENTITY_LEVEL); absent from older servers */
  scope?: number;
  /** when the change at `cursor` was logged (ms; 0 at the start), kept with the cursor (pullReset.ts) */
  mark?: number | null;
  /** the same of the change at the `since` asked for; null when the server has no such change (restored) */
  sinceMark?: number | null;
}

export interface PullProgress {
  /** changes applied in this pull */
  applied: number;
  /** estimated total of this pull (server head minus the starting cursor), when known */
  estimated: number | null;
  /** 0..1 */
  fraction: number | null;
  first: boolean;
}

export interface PullOptions {
  db: BayBookDB;
  transport: Transport;
  token: string;
  pageSize?: number;
  onProgress?: (p: PullProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The API root a dedicated worker pulls from (pullInWorker.ts): the fetch, parse and IndexedDB writes leave the
   * page's main thread. Absent (a transport of the caller's own, the service worker, Node): the pull runs here.
   */
  workerBaseUrl?: string;
}

/** The page asks the pull worker (pullWorker.ts) to pull `dbName` from `baseUrl`, or to stop a pull it asked for. */
export type PullAsk =
  | { id: number; type: 'pull'; dbName: string; baseUrl: string; token: string; pageSize?: number; timeoutMs?: number }
  | { id: number; type: 'abort' };

/** An error as it crosses from the worker (an ApiError keeps its kind, status and body: cycle.ts reads them). */
export interface PullFailure {
  name: string;
  message: string;
  kind?: ApiErrorKind;
  status?: number;
  body?: unknown;
}

/** The pull worker's answers to one ask: its progress after each page, then its result or its error. */
export type PullReply =
  | { id: number; type: 'progress'; progress: PullProgress }
  | { id: number; type: 'done'; result: PullResult }
  | { id: number; type: 'failed'; error: PullFailure };

export interface PullResult {
  applied: number;
  shadowed: number;
  pages: number;
  cursor: number;
  rebased: number;
  /** the server's history was not the one the device had pulled (a restore): it pulled everything again */
  restarted?: boolean;
}
