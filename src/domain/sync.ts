import type { Level } from './levels';
import { ENTITY_NAMES, MODEL, type EntityName } from './model';

/**
 * The tables a device keeps a copy of (src/domain/model), and the lowest level that receives each in the pull.
 * Lower levels still work offline on what they may see (customers and jobs for the service request form). Each table
 * goes to the lowest level whose screens show it (SPEC §2's route table): invoices, estimates and products to 3
 * (/view-invoices, /view-estimate, /view-products); transactions, suppliers, the inventory log and the activity log
 * to 5 (their screens are level 5; a level-4 device keeps the payments it took itself, and an invoice row carries
 * its payment totals). Each level is written beside its table in the model.
 */
export type SyncEntityName = EntityName;
export const SYNC_ENTITIES: readonly SyncEntityName[] = ENTITY_NAMES;
export const SYNC_ENTITY_LEVEL: Readonly<Record<SyncEntityName, Level>> = Object.fromEntries(
  ENTITY_NAMES.map((e) => [e, MODEL[e].level]),
) as Record<SyncEntityName, Level>;
