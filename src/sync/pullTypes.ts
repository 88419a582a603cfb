import type { BayBookDB, Row } from '../local/db';
import type { Transport } from './transport';

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
}

export interface PullResult {
  applied: number;
  shadowed: number;
  pages: number;
  cursor: number;
  rebased: number;
  /** the server's history was not the one the device had pulled (a restore): it pulled everything again */
  restarted?: boolean;
}
