import { LIMITS } from '../schemas/fields';
import { int, stamps, text, uuid } from './fields';
import { customerKeys } from './keys';
import { table } from './table';

/** A customer and their vehicle (SPEC §3): one row per vehicle, found by plate, VIN, name, phone or e-mail. */
export const customers = table({
  name: 'customers',
  level: 1,
  fields: {
    id: uuid().primaryKey(),
    first_name: text().max(LIMITS.name),
    last_name: text().max(LIMITS.name),
    /** as kept (normaliseVin): the form takes it typed with spaces and dashes (schemas/customer.ts) */
    vin: text().max(LIMITS.vin),
    registration: text().max(LIMITS.registration),
    // the server's own lookup key (customer-fetch by plate); a device derives its own keys (device.keys below)
    registration_key: text().serverOnly(),
    email: text().max(LIMITS.title).default(''),
    contact: text().max(LIMITS.short).default(''),
    current_points: int().default(0),
    /** percent */
    discount: int().range(0, LIMITS.percent).default(0),
    note: text().max(LIMITS.note).default(''),
    /** 1 active, 0 blocked */
    active: int().default(1),
    ...stamps,
  },
  serverIndexes: [
    { name: 'customers_vin_idx', on: ['vin'] },
    { name: 'customers_reg_idx', on: ['registration_key'] },
    { name: 'customers_contact_idx', on: ['contact'] },
  ],
  device: {
    counted: 'all',
    // keyset paging reads `[<sort key>+id]` for each column the Customers table sorts by (issue 13)
    // (a plain `where(key)` reads the compound its key starts with: no plain index beside it, version 8)
    indexes: [
      '[vin_end_key+id]',
      '[registration_key+id]',
      '[first_key+id]',
      '[name_key+id]',
      '[vin_key+id]',
      '[phone_key+id]',
      '[email_key+id]',
      '[discount+id]',
      '[current_points+id]',
      '[created_at+id]',
      '[active+id]',
    ],
    keys: customerKeys,
  },
});
