import type { Level } from './levels';

/**
 * The tables a device keeps a copy of, and the lowest level that receives each in the pull.
 * Lower levels still work offline on what they may see (customers and jobs for the service request form).
 */
export const SYNC_ENTITY_LEVEL = {
  config: 1,
  services: 1,
  users: 1,
  customers: 1,
  jobs: 1,
  service_photos: 1,
  service_log: 3,
  products: 3,
  product_photos: 3,
  suppliers: 3,
  inventory_log: 3,
  invoices: 3,
  estimates: 3,
  transactions: 3,
  sys_log: 5,
} as const satisfies Record<string, Level>;

export type SyncEntityName = keyof typeof SYNC_ENTITY_LEVEL;
export const SYNC_ENTITIES = Object.keys(SYNC_ENTITY_LEVEL) as SyncEntityName[];
