import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { BlobStore } from '../blobs';

/** What every route handler may use: no module-level state, so several instances can share one database. */
export interface AppServices {
  db: Db;
  config: ServerConfig;
  blobs: BlobStore;
  signToken(payload: { username: string; permission: number }): string;
  /** true from the moment app.close() is called (http/closing.ts): /api/ready answers 503 */
  closing(): boolean;
}
