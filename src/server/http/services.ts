import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { BlobStore } from '../blobs';
import type { LiveChanges } from '../live';
import type { LiveStreams } from '../liveStream';
import type { SecureServing } from '../tls/setupRoutes';

/** What every route handler may use: no module-level state, so several instances can share one database. */
export interface AppServices {
  db: Db;
  config: ServerConfig;
  blobs: BlobStore;
  signToken(payload: { username: string; permission: number }): string;
  /** true from the moment app.close() is called (http/closing.ts): /api/ready answers 503 */
  closing(): boolean;
  /** commits heard from the database, for GET /v3/sync/live (src/server/live.ts), and that route's open streams */
  live: LiveChanges;
  liveStreams: LiveStreams;
  /** the HTTPS port and the shop's authority, when this server serves HTTPS itself (src/server/tls) */
  secure: SecureServing | null;
}
