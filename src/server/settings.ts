import { shopSettings, type ShopSettings } from '../domain/configSheet';
import type { Db, Tx } from './db/client';
import { config } from './db/schema';

export type { ShopSettings };

/** The config sheet read as typed settings (the parsing rule lives in src/domain/configSheet.ts). */
export async function readSettings(db: Db | Tx): Promise<ShopSettings> {
  return shopSettings(
    await db.select({ name: config.name, amount: config.amount, description: config.description }).from(config),
  );
}
