import { describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { estimates } from '../../src/domain/model/billing';
import { customers } from '../../src/domain/model/customers';
import { products, suppliers } from '../../src/domain/model/stock';
import { customerEditSchema, estimateSchema, inventoryProductSchema, supplierSchema } from '../../src/domain/schemas';
import type { AnyField } from '../../src/domain/model/fields';

/**
 * Issue 17: a text field's limit is written once, on the model field (`.max()`), and the write's input schema reads
 * it (schemas/fields.ts modelText). Each write below refuses one character more than the model allows, in SPEC's
 * words for that field, and takes exactly the limit.
 */
const max = (f: AnyField) => f.spec.maxLength ?? Number.NaN;
const refusal = async (schema: { validate(v: unknown): Promise<unknown> }, body: unknown) =>
  schema.validate(body).then(
    () => 'accepted',
    (e: Error) => e.message,
  );

const product = { title: 'Belt', description: 'timing', stock: 1, low_stock: 0, price: 100 };
const supplier = { bizname: 'Parts Co' };
const customer = {
  id: '0b7e2c1a-1d2e-4f3a-8b4c-5d6e7f8a9b0c',
  vin: '1HGCM82633A004352',
  registration: 'AB 123',
  first_name: 'Ann',
  last_name: 'Lee',
  contact: '8765551234',
  email: '',
};
const estimate = { profile: { first_name: 'Ann', last_name: 'Lee' }, serviceInvoice: ['Oil'] };

type Schema = { validate(v: unknown): Promise<unknown> };
const P = products.fields;
const S = suppliers.fields;
/** [write, its schema, a valid body, the field's key in it, the model field, the words' label] */
const cases: [string, Schema, object, string, AnyField, string][] = [
  ['product', inventoryProductSchema, product, 'title', P.title, 'Title'],
  ['product', inventoryProductSchema, product, 'description', P.description, 'Description'],
  ['product', inventoryProductSchema, product, 'barcode', P.barcode, 'Barcode'],
  ['supplier', supplierSchema, supplier, 'bizname', S.bizname, 'Business name'],
  ['supplier', supplierSchema, supplier, 'address', S.address, 'Address'],
  ['supplier', supplierSchema, supplier, 'contact', S.contact, 'Contact'],
  ['customer edit', customerEditSchema, customer, 'first_name', customers.fields.first_name, 'First name'],
];
/** the estimate's names sit in its profile */
const estimateName = (v: string) => ({ ...estimate, profile: { first_name: 'Ann', last_name: v } });

describe("write inputs bounded by the model's fields (issue 17)", () => {
  it.each(cases)('%s %s: the limit is the model field’s; one more is refused in its words', async (...c) => {
    const [, schema, base, key, field, label] = c;
    const n = max(field);
    expect(n).toBeGreaterThan(0);
    expect(await refusal(schema, { ...base, [key]: 'x'.repeat(n) })).toBe('accepted');
    expect(await refusal(schema, { ...base, [key]: 'x'.repeat(n + 1) })).toBe(
      fill(MSG.textMax, { field: label, max: n }),
    );
  });

  it("an estimate's last name: the estimates model field's limit", async () => {
    const n = max(estimates.fields.last_name);
    expect(await refusal(estimateSchema, estimateName('x'.repeat(n)))).toBe('accepted');
    expect(await refusal(estimateSchema, estimateName('x'.repeat(n + 1)))).toBe(
      fill(MSG.textMax, { field: 'Last name', max: n }),
    );
  });

  it("keeps SPEC's own words where SPEC has them: the customer note (500) and the e-mail", async () => {
    expect(max(customers.fields.note)).toBe(500);
    expect(await refusal(customerEditSchema, { ...customer, note: 'x'.repeat(501) })).toBe(MSG.noteMax);
    const email = `${'x'.repeat(max(customers.fields.email))}@a.jm`;
    expect(await refusal(customerEditSchema, { ...customer, email })).toBe(MSG.invalidEmail);
  });
});
