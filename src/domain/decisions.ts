import { boolean, mixed, object, string } from 'yup';
import { DEFAULT_TIME_ZONE, formatShop } from './dates';
import { displayInvoiceNumber, displayJobNumber } from './jobs';
import { MSG, fill } from './messages';
import { formatUSD } from './money';
import { LIMITS, boundedText } from './schemas/fields';

/**
 * Field conflicts in a person's words (issue 14): which record, which field, both values, and the activity-log line
 * a decision leaves. Pure: the device's decision list and the server's POST /v3/decided both word them here.
 */

/** The fields a device sends as field changes, by table, with the words a person knows them by. */
export const FIELD_LABELS = {
  customers: {
    first_name: 'First name',
    last_name: 'Last name',
    vin: 'VIN',
    registration: 'Registration Number',
    contact: 'Contact number',
    email: 'Email',
    note: 'Note',
    discount: 'Discount',
    active: 'Blocked or active',
  },
  jobs: {
    comment: 'Comment for customer',
    service_note: 'Service note',
    status: 'Status',
    technician: 'Technician',
    mileage: 'Mileage',
    service: 'Services',
    book_start: 'Booking start',
    book_end: 'Booking end',
  },
  users: {
    username: 'Username',
    permission: 'Level',
  },
  config: {
    description: 'Description',
    amount: 'Amount',
  },
  invoices: {
    work_hour: 'Work hours',
    rate_hour: 'Rate per hour',
    products: 'Lines',
    storage: 'Storage charge',
    returned: 'Item return',
  },
  estimates: {
    profile: 'Customer details',
    services: 'Services',
    work_hour: 'Work hours',
    rate_hour: 'Rate per hour',
    products: 'Lines',
    discount: 'Discount (%)',
  },
  products: {
    title: 'Title',
    description: 'Description',
    price: 'Price',
    cost: 'Cost',
    low_stock: 'Low stock',
    barcode: 'Barcode',
    supplier: 'Supplier',
  },
  suppliers: {
    bizname: 'Business name',
    email: 'Email',
    address: 'Address',
    contact: 'Contact',
  },
} as const;

/** Money fields hold cents: shown in dollars, and re-entered on their own screen rather than typed here. */
const MONEY_FIELDS = new Set(['products.price', 'products.cost', 'invoices.rate_hour', 'estimates.rate_hour']);
export const isMoneyField = (entity: string, field: string) => MONEY_FIELDS.has(`${entity}.${field}`);
/** Time fields hold UTC ISO instants: shown in the shop's time zone, and re-entered on their own screen too. */
const TIME_FIELDS = new Set(['jobs.book_start', 'jobs.book_end']);
export const isTimeField = (entity: string, field: string) => TIME_FIELDS.has(`${entity}.${field}`);

/** An invoice's or an estimate's lines, or the items of a return: a list of {id, qty}, shown with the products' titles. */
export const isLinesField = (entity: string, field: string) =>
  (field === 'products' && (entity === 'invoices' || entity === 'estimates')) ||
  (entity === 'invoices' && field === 'returned');

/** The product ids a lines value names. */
export const lineIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((l) => String((l as { id?: unknown } | null)?.id ?? '')).filter(Boolean) : [];

/** How the decision list and its log lines show a time: the shop's day and time, to the minute. */
export const DECISION_WHEN = 'MMM d yyyy, h:mm a';

/** How a field's values are shown: money in dollars, a time in the shop's zone, anything else as it is. */
export interface ShownAs {
  money?: boolean;
  time?: boolean;
  /** product titles by id, to show an invoice's or an estimate's lines */
  titles?: Record<string, string>;
  /** the shop's time zone (config time_zone) */
  tz?: string;
}

export type DecidedEntity = keyof typeof FIELD_LABELS;

export const isDecidedEntity = (entity: string): entity is DecidedEntity => entity in FIELD_LABELS;

export function fieldLabel(entity: string, field: string): string {
  const labels: Record<string, string> = isDecidedEntity(entity) ? FIELD_LABELS[entity] : {};
  return labels[field] ?? field;
}

/** How the list names a record: the job's number and plate, the customer's name and plate. */
export function recordLabel(entity: string, row: Record<string, unknown> | undefined): string {
  const text = (k: string) => String(row?.[k] ?? '');
  if (!row)
    return (
      {
        jobs: 'A job',
        products: 'A product',
        suppliers: 'A supplier',
        users: 'A team member',
        invoices: 'An invoice',
        estimates: 'An estimate',
      }[entity] ?? 'A customer'
    );
  if (entity === 'users') return `Team member ${text('username')}`;
  if (entity === 'jobs') return `Job ${displayJobNumber(text('number'))} (${text('registration')})`;
  if (entity === 'products') return `Product ${text('title')}`;
  if (entity === 'suppliers') return `Supplier ${text('bizname')}`;
  if (entity === 'invoices') return `Invoice ${displayInvoiceNumber(text('number'))}`;
  if (entity === 'estimates') return `Estimate ${text('number')}`;
  if (entity === 'config') return `Setting ${text('title')}`;
  return `${text('first_name')} ${text('last_name')} (${text('registration')})`.trim();
}

/**
 * A value as the list shows it: empty says so, rather than showing nothing; money in dollars; a time in the shop's
 * zone (a booking stored as UTC ISO text would otherwise read five hours off in Kingston).
 */
export function shownValue(value: unknown, as: ShownAs = {}): string {
  if (value === null || value === undefined || value === '') return MSG.conflictEmpty;
  if (as.money && typeof value === 'number') return formatUSD(value);
  if (as.time && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return formatShop(value, as.tz ?? DEFAULT_TIME_ZONE, DECISION_WHEN);
  if (Array.isArray(value)) return value.map((v) => shownItem(v, as.titles)).join(', ') || MSG.conflictEmpty;
  if (typeof value === 'object') return Object.values(value).filter(Boolean).join(', ') || MSG.conflictEmpty;
  return String(value);
}

/** One item of a list: a line as its quantity and product ("2 × Brake pads"), anything else as it is. */
function shownItem(item: unknown, titles: Record<string, string> = {}): string {
  const line = item as { id?: unknown; qty?: unknown } | null;
  if (line && typeof line === 'object' && typeof line.id === 'string' && line.qty !== undefined)
    return `${String(line.qty)} × ${titles[line.id] ?? 'a product'}`;
  return String(item);
}

/** What a person chose: keep what is there now, send theirs again, or send an edited value. */
export type Choice = 'theirs' | 'mine' | 'edited';

export const decidedSchema = object({
  // a record's words hold up to two of its fields (recordLabel: a customer's names and plate run to 224 characters,
  // "Product " and a 200-character title to 208): bounded as a note, so a decision's line is never refused
  record: boundedText('Record', LIMITS.note).trim().required('Say which record').min(1, 'Say which record'),
  field: boundedText('Field', LIMITS.short).trim().required('Say which field').min(1, 'Say which field'),
  choice: string<Choice>()
    .oneOf(['theirs', 'mine', 'edited'], 'Choose theirs, mine or edited')
    .required('Choose theirs, mine or edited'),
  // null: nothing (a record deleted since has no value now)
  mine: mixed().nullable().optional(),
  theirs: mixed().nullable().optional(),
  value: mixed().nullable().optional(),
  /** the values are cents: the log shows dollars */
  money: boolean().default(false),
  /** the values are UTC instants: the log shows them in the shop's time zone */
  time: boolean().default(false),
});

/** The activity-log predicate of a decision (the subject is the record); times in the shop's zone `tz`. */
export function decisionLine(
  d: {
    field: string;
    choice: Choice;
    mine?: unknown;
    theirs?: unknown;
    value?: unknown;
    money?: boolean;
    time?: boolean;
  },
  tz = DEFAULT_TIME_ZONE,
): string {
  const clip = (v: unknown) => shownValue(v, { money: d.money, time: d.time, tz }).slice(0, 80);
  const choice =
    d.choice === 'theirs'
      ? fill(MSG.decidedKeepTheirs, { theirs: clip(d.theirs), mine: clip(d.mine) })
      : fill(MSG.decidedSend, { value: clip(d.choice === 'mine' ? d.mine : d.value), theirs: clip(d.theirs) });
  return fill(MSG.decidedLog, { field: d.field, choice });
}
