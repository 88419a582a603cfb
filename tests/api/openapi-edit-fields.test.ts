import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/domain/model/customers';
import { textMax, type AnyField } from '../../src/domain/model/fields';
import { jobs } from '../../src/domain/model/jobs';
import { config } from '../../src/domain/model/shop';
import { products, suppliers } from '../../src/domain/model/stock';
import { CONTACT_MAX_DIGITS, LIMITS } from '../../src/domain/schemas';
import { CUSTOMER_EDITABLE } from '../../src/domain/writes/customers';
import { operationOf, type OpenApiDoc } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { known, nth } from '../helpers/present';

/**
 * Issue 17: the OpenAPI body of each field-edit route lists the fields it may change, from the schema its plan checks
 * them with — a text field with its model field's `.max()` as maxLength, any other with its type. The customer and
 * team edits leave their fields open in the body (the plan checks them against the row as it stands): their fields
 * come from the call's `fields`. A field dropped from a route's documentation fails here.
 */
const C = customers.fields;
const P = products.fields;
const S = suppliers.fields;
/** a model field (its `.max()`), a bound the input states on purpose, or a type */
type Expect = AnyField | number | 'integer' | 'number' | 'string';
const customerFields: Record<(typeof CUSTOMER_EDITABLE)[number], Expect> = {
  first_name: C.first_name,
  last_name: C.last_name,
  // typed with spaces and dashes (kept without, at most the model's VIN: schemas/customer.ts)
  vin: LIMITS.short,
  registration: C.registration,
  // SPEC's 10 or 11 digits, tighter than the column
  contact: CONTACT_MAX_DIGITS,
  email: C.email,
  note: C.note,
  discount: 'integer',
};
const EDITS: Record<string, Record<string, Expect>> = {
  '/api/customer': customerFields,
  '/api/v2/auth/user': { username: 'string', permission: 'integer', password: 'string' },
  '/api/v2/inventory/product': {
    title: P.title,
    description: P.description,
    barcode: P.barcode,
    price: 'integer',
    cost: 'integer',
    low_stock: 'integer',
    supplier: 'string',
  },
  '/api/v2/inventory/supplier': { bizname: S.bizname, email: S.email, address: S.address, contact: S.contact },
  '/api/configsheet/{id}': { description: config.fields.description },
  '/api/job-action/technician': { technician: jobs.fields.technician },
  '/api/job-action/comment': { value: jobs.fields.comment },
  '/api/job-action/service-note': { value: jobs.fields.service_note },
  '/api/service': { mileage: 'integer' },
};

describe.each(DATABASES)('field edits in the OpenAPI document on %s', (kind) => {
  let s: TestServer;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    s = await startServer(kind);
    doc = await (await fetch(`${s.url}/docs/json`)).json();
  });
  afterAll(() => s?.close());

  it.each(Object.entries(EDITS))('PUT %s lists each field it edits', (path, fields) => {
    const body = known(
      operationOf(doc, 'put', path).requestBody?.content['application/json'],
      `the JSON body of PUT ${path}`,
    ).schema as {
      oneOf: { properties: Record<string, { type?: string; maxLength?: number }> }[];
    };
    // the second form is the payload unwrapped (the first wraps it as SPEC's {data: ...})
    const props = nth(body.oneOf, 1).properties;
    const listed = Object.fromEntries(
      Object.entries(fields).map(([f, want]) => [f, typeof want === 'string' ? props[f]?.type : props[f]?.maxLength]),
    );
    const wanted = Object.fromEntries(
      Object.entries(fields).map(([f, want]) => [f, typeof want === 'object' ? textMax(want) : want]),
    );
    expect(listed).toEqual(wanted);
  });

  it('lists an open edit’s fields as optional: the plan, not the body, requires them', () => {
    const body = known(
      operationOf(doc, 'put', '/api/customer').requestBody?.content['application/json'],
      'the JSON body of PUT /api/customer',
    ).schema as {
      oneOf: { required?: string[] }[];
    };
    expect(nth(body.oneOf, 1).required).toEqual(['id']);
  });
});
