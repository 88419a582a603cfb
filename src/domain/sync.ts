import type { Level } from './levels';

/**
 * The tables a device keeps a copy of, and the lowest level that receives each in the pull.
 * Lower levels still work offline on what they may see (customers and jobs for the service request form). Each table
 * goes to the lowest level whose screens show it (SPEC §2's route table): invoices, estimates and products to 3
 * (/view-invoices, /view-estimate, /view-products); transactions, suppliers, the inventory log and the activity log
 * to 5 (their screens are level 5; a level-4 device keeps the payments it took itself, and an invoice row carries
 * its payment totals).
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
  suppliers: 5,
  inventory_log: 5,
  invoices: 3,
  estimates: 3,
  transactions: 5,
  sys_log: 5,
} as const satisfies Record<string, Level>;

export type SyncEntityName = keyof typeof SYNC_ENTITY_LEVEL;
export const SYNC_ENTITIES = Object.keys(SYNC_ENTITY_LEVEL) as SyncEntityName[];
