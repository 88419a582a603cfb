import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG, fill } from '../../src/domain/messages';
import { cashups, estimates, invoices, transactions } from '../../src/domain/model/billing';
import { customers } from '../../src/domain/model/customers';
import { numberRange, textMax, type AnyField } from '../../src/domain/model/fields';
import { jobs, serviceLog } from '../../src/domain/model/jobs';
import { config, services } from '../../src/domain/model/shop';
import { products, suppliers } from '../../src/domain/model/stock';
import { SIGN_IN_PASSWORD_MAX } from '../../src/domain/passwords';
import {
  LIMITS,
  RETURN_COMMENT_MAX,
  configFormSchema,
  customerEditSchema,
  estimateSchema,
  inventoryProductSchema,
  invoiceFormSchema,
  itemReturnSchema,
  jobNoteSchema,
  loginSchema,
  makeServiceRequestSchema,
  mileageEditSchema,
  outstandingSchema,
  serviceLogSchema,
  servicesEditSchema,
  supplierSchema,
  technicianSchema,
} from '../../src/domain/schemas';
import { cashupSchema } from '../../src/domain/schemas/cashup';
import { refundSchema } from '../../src/domain/schemas/refund';
import { SIGN_IN_USERNAME_MAX } from '../../src/domain/usernames';
import { STORAGE_DAYS_MAX } from '../../src/domain/writes/invoices';
import { SUPPLIER_CALLS } from '../../src/domain/writes/suppliers';

/**
 * Issue 17: a field's limit is written once, on the model field (`.max()` for text, `.range()` for a number), and
 * the write's input schema reads it (schemas/fields.ts modelText, modelNumber). Each write below refuses one past
 * the model's limit in SPEC's words for that field, and takes exactly the limit; and no write schema, model field or
 * screen writes a limit as a bare number (the last describe reads the source).
 */
type Schema = { validate(v: unknown): Promise<unknown> };
const refusal = async (schema: Schema, body: unknown) =>
  schema.validate(body).then(
    () => 'accepted',
    (e: Error) => e.message,
  );

const ID = '0b7e2c1a-1d2e-4f3a-8b4c-5d6e7f8a9b0c';
const product = { title: 'Belt', description: 'timing', stock: 1, low_stock: 0, price: 100 };
const supplier = { bizname: 'Parts Co' };
const customer = {
  id: ID,
  vin: '1HGCM82633A004352',
  registration: 'AB 123',
  first_name: 'Ann',
  last_name: 'Lee',
  contact: '8765551234',
  email: '',
};
const estimate = { profile: { first_name: 'Ann', last_name: 'Lee' }, serviceInvoice: ['Oil'] };
const request = { mileage: 1, service: ['Oil'] };
const refund = { invoice_id: ID, amount: 100, reason: 'x' };
const itemReturn = { invoice_id: ID, items: [{ id: 'p1', qty: 1 }] };
const cashup = { day: '2026-01-02', counted_cash: 0 };

const P = products.fields;
const S = suppliers.fields;
const J = jobs.fields;
/** [write, its schema, a valid body, the field's key in it, the model field, the words' label, SPEC's own words] */
const texts: [string, Schema, object, string, AnyField, string, string?][] = [
  ['product', inventoryProductSchema, product, 'title', P.title, 'Title'],
  ['product', inventoryProductSchema, product, 'description', P.description, 'Description'],
  ['product', inventoryProductSchema, product, 'barcode', P.barcode, 'Barcode'],
  ['supplier', supplierSchema, supplier, 'bizname', S.bizname, 'Business name'],
  ['supplier', supplierSchema, supplier, 'address', S.address, 'Address'],
  ['supplier', supplierSchema, supplier, 'contact', S.contact, 'Contact'],
  // the edit restates the business name (required only without base): the call's own schema, as the route checks it
  ['supplier edit', SUPPLIER_CALLS.edit.body, { id: ID, ...supplier }, 'bizname', S.bizname, 'Business name'],
  ['supplier edit', SUPPLIER_CALLS.edit.body, { id: ID, ...supplier }, 'address', S.address, 'Address'],
  ['customer edit', customerEditSchema, customer, 'first_name', customers.fields.first_name, 'First name'],
  ['service request', makeServiceRequestSchema(), request, 'customer_note', J.customer_note, 'Note', MSG.noteMax],
  ['technician', technicianSchema, { id: ID }, 'technician', J.technician, 'Technician'],
  ['job note', jobNoteSchema, { id: ID }, 'value', J.service_note, 'Note'],
  ['service log', serviceLogSchema, { id: ID }, 'value', serviceLog.fields.message, 'Comment'],
  ['refund', refundSchema, refund, 'reason', transactions.fields.reason, 'Reason'],
  ['item return', itemReturnSchema, itemReturn, 'comment', transactions.fields.reason, 'Comment'],
  ['config', configFormSchema(true), { amount: 1 }, 'description', config.fields.description, 'Description'],
  ['cash-up', cashupSchema, cashup, 'note', cashups.fields.note, 'Note', MSG.noteMax],
];
/** [write, its schema, a valid body, the field's key, the model field, SPEC's words for a number out of range] */
const numbers: [string, Schema, object, string, AnyField, string][] = [
  ['mileage edit', mileageEditSchema, { id: ID }, 'mileage', J.mileage, MSG.invalidMileage],
  ['service request', makeServiceRequestSchema(), request, 'mileage', J.mileage, MSG.invalidMileage],
  ['outstanding', outstandingSchema, { vin: 'V1' }, 'mileage', J.mileage, MSG.invalidMileage],
  [
    'invoice',
    invoiceFormSchema('service'),
    { rate_hour: 1 },
    'work_hour',
    invoices.fields.work_hour,
    MSG.enterWorkHours,
  ],
  ['customer edit', customerEditSchema, customer, 'discount', customers.fields.discount, MSG.chooseDiscount],
  ['estimate', estimateSchema, estimate, 'discount', estimates.fields.discount_percent, MSG.chooseDiscount],
];

describe("write inputs bounded by the model's fields (issue 17)", () => {
  it.each(texts)('%s %s: the limit is the model field’s; one more is refused in its words', async (...c) => {
    const [, schema, base, key, field, label, words] = c;
    const n = textMax(field);
    expect(await refusal(schema, { ...base, [key]: 'x'.repeat(n) })).toBe('accepted');
    expect(await refusal(schema, { ...base, [key]: 'x'.repeat(n + 1) })).toBe(
      words ?? fill(MSG.textMax, { field: label, max: n }),
    );
  });

  it.each(numbers)('%s %s: the range is the model field’s; one past either end is refused', async (...c) => {
    const [, schema, base, key, field, words] = c;
    const { min, max } = numberRange(field);
    expect(max).toBeGreaterThan(min);
    for (const ok of [min, max]) expect(await refusal(schema, { ...base, [key]: ok })).toBe('accepted');
    for (const out of [min - 1, max + 1]) expect(await refusal(schema, { ...base, [key]: out })).toBe(words);
  });

  it('fields that share one input have one limit: job notes, work hours, a discount, the return comment', () => {
    expect(textMax(J.comment)).toBe(textMax(J.service_note));
    expect(numberRange(estimates.fields.work_hour)).toEqual(numberRange(invoices.fields.work_hour));
    expect(numberRange(invoices.fields.discount_percent)).toEqual(numberRange(customers.fields.discount));
    expect(RETURN_COMMENT_MAX).toBe(textMax(transactions.fields.reason));
    // the storage days' words say the model's most
    expect(STORAGE_DAYS_MAX).toBe(numberRange(invoices.fields.storage_days).max);
    expect(MSG.storageDays).toContain(`1 to ${STORAGE_DAYS_MAX}`);
  });

  it("a job's services: each as long as a catalogue title", async () => {
    const n = textMax(services.fields.title);
    expect(await refusal(servicesEditSchema, { id: ID, service: ['x'.repeat(n)] })).toBe('accepted');
    expect(await refusal(servicesEditSchema, { id: ID, service: ['x'.repeat(n + 1)] })).toBe(
      fill(MSG.textMax, { field: 'Service', max: n }),
    );
  });

  it("an estimate: names as the estimate's fields, contact and e-mail as the customer's", async () => {
    const E = estimates.fields;
    const C = customers.fields;
    const cases: [string, AnyField, string][] = [
      ['last_name', E.last_name, 'Last name'],
      ['contact', C.contact, 'Contact'],
      ['email', C.email, 'Email'],
    ];
    for (const [key, field, label] of cases) {
      const n = textMax(field);
      const at = (v: string) => ({ ...estimate, profile: { ...estimate.profile, [key]: v } });
      expect(await refusal(estimateSchema, at('x'.repeat(n)))).toBe('accepted');
      expect(await refusal(estimateSchema, at('x'.repeat(n + 1)))).toBe(fill(MSG.textMax, { field: label, max: n }));
    }
  });

  it('a VIN is kept at most as long as the model field, typed with spaces or not', async () => {
    const n = textMax(customers.fields.vin);
    const vin = (v: string) => refusal(customerEditSchema, { ...customer, vin: v });
    expect(await vin('1'.repeat(n))).toBe('accepted');
    expect(await vin(`${'1'.repeat(n - 2)} 11`)).toBe('accepted');
    expect(await vin('1'.repeat(n + 1))).toBe(MSG.invalidVin);
  });

  it('sign-in: the named bounds, in its words', async () => {
    const login = (username: string, password = 'p') => refusal(loginSchema, { username, password });
    expect(await login('u'.repeat(SIGN_IN_USERNAME_MAX))).toBe('accepted');
    expect(await login('u'.repeat(SIGN_IN_USERNAME_MAX + 1))).toBe(MSG.enterValidUsername);
    expect(await login('ann', 'p'.repeat(SIGN_IN_PASSWORD_MAX))).toBe('accepted');
    expect(await login('ann', 'p'.repeat(SIGN_IN_PASSWORD_MAX + 1))).toBe(MSG.passwordRequired);
  });

  it("keeps SPEC's own words where SPEC has them: the customer note (500) and the e-mail", async () => {
    expect(textMax(customers.fields.note)).toBe(LIMITS.note);
    expect(LIMITS.note).toBe(500);
    expect(await refusal(customerEditSchema, { ...customer, note: 'x'.repeat(501) })).toBe(MSG.noteMax);
    const email = `${'x'.repeat(textMax(customers.fields.email))}@a.jm`;
    expect(await refusal(customerEditSchema, { ...customer, email })).toBe(MSG.invalidEmail);
  });
});

/** Every .ts file under `dir` (src/domain/...), with its text. */
const sources = (dir: string, ext = '.ts') =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext))
    .map((f) => [join(dir, f), readFileSync(join(dir, f), 'utf8')] as const);

/** The text of a call's arguments: from the '(' at `open` to its matching ')'. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/**
 * A call that sets a bound: yup's min/max/length/lessThan/moreThan, the model's .max/.range, the schemas' builders.
 * A literal in its arguments other than 0 and 1 (not empty, not negative: no limits) is a limit restated.
 */
const BOUND_CALL = /\.(max|min|length|lessThan|moreThan|range)\(|\b(boundedText|wholeNumber|cents|modelText)\(/g;
const LITERAL = /(?<![\w.'"`])-?(\d[\d_]*(\.\d+)?)(?![\w'"`])/g;

function restatedBounds(file: string, text: string): string[] {
  const found: string[] = [];
  for (const call of text.matchAll(BOUND_CALL)) {
    const open = call.index + call[0].length - 1;
    // strings hold words, not limits ('Select a permission from 2 to 5')
    const args = argumentsAt(text, open).replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "''");
    for (const n of args.matchAll(LITERAL)) {
      if (n[1] !== '0' && n[1] !== '1') found.push(`${file}: ${call[0]}${args.trim().slice(0, 60)})`);
    }
  }
  return found;
}

describe('no write restates a limit (issue 17)', () => {
  const domain = [
    ...sources('src/domain/schemas'),
    ...sources('src/domain/writes'),
    ...sources('src/domain/model'),
    ...['src/domain/decisions.ts', 'src/domain/fieldChanges.ts'].map((f) => [f, readFileSync(f, 'utf8')] as const),
  ];

  it('the check finds a bare number where a bound is set, and only there', () => {
    expect(restatedBounds('x', "text().max(40).default('')")).toHaveLength(1);
    expect(restatedBounds('x', "boundedText('Comment', 1000).trim()")).toHaveLength(1);
    expect(restatedBounds('x', 'number().min(2, MSG.a).max(5, MSG.a)')).toHaveLength(2);
    expect(restatedBounds('x', "cents('Price', fill(MSG.x, { field: 'P' }), 999)")).toHaveLength(1);
    expect(restatedBounds('x', "int().range(0, LIMITS.percent); string().min(1, 'Say 2 words')")).toEqual([]);
  });

  it('write schemas, writes and model fields take each bound from the model or a named constant', () => {
    expect(domain.length).toBeGreaterThan(20);
    expect(domain.flatMap(([f, t]) => restatedBounds(f, t))).toEqual([]);
  });

  // a named constant passes the check above, so a write could state a model field's bound itself (the supplier edit's
  // business name did, as LIMITS.title): a write's own text bound is only for what no bounded model field holds
  it('a catalogue write bounds text itself only where no bounded model field holds it', () => {
    const own = sources('src/domain/writes').flatMap(([f, t]) =>
      [...t.matchAll(/(\w+): boundedText\(/g)].map((m) => `${f.split('/').pop()} ${m[1]}`),
    );
    // the invoice number (the model's is unbounded: the server numbers it); the discarded-change log line's words
    expect(own.sort()).toEqual(['invoices.ts number', 'logLines.ts message', 'logLines.ts reason', 'logLines.ts what']);
  });

  it("screens' text inputs read their maxLength from the model or a named constant", () => {
    const bare: string[] = [];
    for (const [file, text] of sources('src/app', '.tsx')) {
      for (const m of text.matchAll(/maxLength=\{\s*\d+\s*\}/g)) {
        // a number input's maxLength counts the characters typed; its value's range is the schema's
        const element = text.slice(text.lastIndexOf('<', m.index), m.index);
        if (!/inputMode="(numeric|decimal)"/.test(element)) bare.push(`${file}: ${m[0]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
