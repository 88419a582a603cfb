import type { DeviceRow } from '../domain/model';
import type { SyncEntityName } from '../domain/sync';

/** The device's row types, apart from db.ts so that its version history (dbVersions.ts) can use them. */

export interface Row {
  id: string;
  /** the change_log seq this row was last brought by; absent when made here and not yet pulled back */
  _seq?: number;
  [key: string]: unknown;
}

/** A stored row of a synced table: as src/domain/model describes it, and a Row (its columns read by name). */
export type StoredRow<E extends SyncEntityName> = DeviceRow<E> & Row;
