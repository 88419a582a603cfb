/**
 * The normalised keys a device stores beside a row (src/local/rows.ts derive adds them on every write, the Dexie
 * upgrades fill them in): plain prefix ranges then serve the searches of src/domain/search.ts.
 */

/** upper-cased, no spaces or dashes: what plate and VIN lookups compare */
export function plateKey(s: unknown): string {
  return String(s ?? '')
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

export function nameKey(last: unknown, first: unknown): string {
  return `${String(last ?? '').trim()} ${String(first ?? '').trim()}`.toUpperCase();
}

/** The keys a customer is sorted and searched by. */
export function customerKeys(c: {
  vin?: unknown;
  registration?: unknown;
  first_name?: unknown;
  last_name?: unknown;
  contact?: unknown;
  email?: unknown;
}) {
  const vin = plateKey(c.vin);
  return {
    registration_key: plateKey(c.registration),
    vin_key: vin,
    vin_end_key: [...vin].reverse().join(''),
    name_key: nameKey(c.last_name, c.first_name),
    first_key: nameKey(c.first_name, c.last_name),
    phone_key: String(c.contact ?? '').replace(/\D+/g, ''),
    email_key: String(c.email ?? '')
      .trim()
      .toLowerCase(),
  };
}
