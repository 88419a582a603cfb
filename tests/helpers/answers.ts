import type { InvoiceTotals } from '../../src/domain/entities';
import type { DeviceRow, EntityName } from '../../src/domain/model';
import { known } from './present';

/**
 * What a test reads off an API answer. `api()` answers `Answer` unless the test names the shape it expects, as the
 * device's transport does (`Transport<T>`): `s.api<Data<Row<'customers'>[]>>('GET', '/customers')`. Reading a field
 * gives `unknown`, which `expect` takes; naming the answer is what lets a test go deeper.
 */
export type Answer = Record<string, unknown>;

/** SPEC §7's wrapped answer: `{data: ...}`, and what a write says beside it */
export interface Data<T> {
  data: T;
  message?: string;
}

/** A synced table's row as the API and the feed send it: the model's fields, with the device's derived keys optional. */
export type Row<E extends EntityName> = DeviceRow<E>;

/** A refusal: SPEC's `{value: false, message}` */
export interface Refusal {
  value: false;
  message: string;
}

/** A write that made a record: what it says and the record's id (POST /customer, /service, a product …). */
export interface Made {
  value: true;
  message: string;
  id: string;
}

/** A paged list's `data`: SPEC §7's `{data: rows, page, total}` (GET /customers, /bookings_ …). */
export interface Page<T> {
  data: T[];
  page: number;
  total: number;
}

/** A write that made a numbered record: POST /service answers the job's number beside its id. */
export type Numbered = Made & { number: string };

/** What raising a document answers: `data` of POST /invoice and /invoice-product; POST /estimate's whole answer. */
export interface Raised {
  invoice_id: string;
  number: string;
}

/** One invoice as GET /invoice/:id reads it: the row with its totals, live transactions (newest first) and job. */
export type InvoiceRead = Row<'invoices'> & {
  totals: InvoiceTotals;
  transactions: Row<'transactions'>[];
  job: Row<'jobs'> | null;
};

/** A row of GET /transactions: the transaction and its invoice's number. */
export type ListedTransaction = Row<'transactions'> & { invoice_number: string | null };

/** A setting as GET /configsheet lists it (the whole sheet, a bare array). */
export type Setting = Pick<Row<'config'>, 'id' | 'name' | 'title' | 'description' | 'amount'>;

/** An operation of the OpenAPI document, as far as the tests read it. */
export interface OpenApiOperation {
  parameters?: { name: string; in: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

/** The OpenAPI document served at /docs/json: operations by path, then by method in lower case. */
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The document's operation for `method` (lower case) on `path`, or a failure naming the one missing. */
export function operationOf(doc: OpenApiDoc, method: string, path: string): OpenApiOperation {
  return known(known(doc.paths[path], `the path ${path}`)[method], `${method.toUpperCase()} ${path}`);
}

/** POST /login's answer: what it says and, once signed in, the token (the device's signIn reads the same). */
export interface SignIn {
  value: boolean;
  message: string;
  token: string;
}

/** A team member as GET /v2/auth/users and /v2/auth/user-list/:level list them: the password only a mask. */
export interface Member {
  id: string;
  username: string;
  permission: number;
  password: string;
}

/** What a write says, whether it took or was refused (SPEC §5 words on both), as a test reads it to explain a failed status. */
export interface Said {
  value: boolean;
  message?: string;
}

/**
 * A row of GET /v2/inventory/products_: the product as the member's level may see it (no cost below the level that
 * manages stock), its supplier's name (for that level only) and its first photo's thumbnail.
 */
export type ListedProduct = Row<'products'> & { supplier_name?: string; thumbnail: string | null };
