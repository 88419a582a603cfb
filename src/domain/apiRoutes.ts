import { object, string } from 'yup';
import { apiCall, type ApiCall } from './apiCall';
import { JOB_STATUSES } from './entities';
import { MSG } from './messages';
import { minLevel, type Action } from './permissions';
import { reportSchema } from './schemas/admin';
import { lookupSchema } from './schemas/customer';
import { jobIdSchema, outstandingSchema } from './schemas/job';
import { loginSchema, signInUnlockSchema } from './schemas/team';
import { isId } from './ids';
import { LIMITS, boundedText } from './schemas';
import { CASHUP_CALLS } from './writes/cashups';
import { CLOCK_CALLS } from './writes/clock';
import { CLOCK_MEND_CALL } from './writes/clockMend';
import { CONFIG_CALLS } from './writes/config';
import { CUSTOMER_CALLS } from './writes/customers';
import { ESTIMATE_CALLS } from './writes/estimates';
import { INVOICE_CALLS } from './writes/invoices';
import { REQUEST_CALLS } from './writes/jobRequests';
import { JOB_CALLS } from './writes/jobs';
import { LOG_CALLS } from './writes/logLines';
import { MONEY_CALLS } from './writes/money';
import { PHOTO_CALLS } from './writes/photos';
import { PRODUCT_CALLS } from './writes/products';
import { REFUND_CALLS } from './writes/refunds';
import { SERVICE_LOG_CALLS } from './writes/serviceLog';
import { SUPPLIER_CALLS } from './writes/suppliers';
import { TEAM_CALLS } from './writes/team';

/**
 * The catalogue of the REST API (SPEC §7, served under /api), issue 31: every call once (src/domain/apiCall.ts), with
 * the permission it needs. The server's route is registered from a call of this catalogue (defineRoute takes the
 * call itself, so a route outside it is a type error), the permission-matrix test walks it, and the device queues only
 * its writes — so a new call cannot be added without deciding who may make it.
 */

/**
 * Who may read a photo's bytes (GET /photo/:id/:size): whoever may list the photos of its job (the Gallery, SPEC §6
 * "above 2") or of its product. The list calls below and the photo route read this one table.
 */
export const PHOTO_READ = { service: 'job.photos', product: 'product.view' } as const satisfies Record<string, Action>;
/** The route's own gate: the lower of the two; the handler then checks the photo's owner kind. */
const PHOTO_BYTES =
  minLevel(PHOTO_READ.service) <= minLevel(PHOTO_READ.product) ? PHOTO_READ.service : PHOTO_READ.product;

/** A device registering: its id, and the code it already holds after a restore. */
const deviceSchema = object({
  device_id: string()
    .required('Invalid device id')
    .test('uuid', 'Invalid device id', (v) => isId(v)),
  /**
   * the code the device already holds, when it registers again with a server restored from a backup; bounded like
   * every code (a megabyte would otherwise be read, matched and logged before it is found to be no code)
   */
  code: boundedText('Device code', LIMITS.short).optional(),
});

/** A dashboard tile's jobs: the tile's status. */
const tileSchema = object({
  status: string().required(MSG.selectStatus).oneOf(JOB_STATUSES, MSG.selectStatus),
});

/**
 * The calls that change no row, or that the device never queues: reads, searches sent as POST, signing in and the
 * online-only calls (a device's code, the shop's logo, the sign-in counter), by name.
 */
export const API = {
  // auth, team, devices, sync
  health: apiCall('GET', '/health', null),
  ready: apiCall('GET', '/ready', null),
  login: { ...apiCall('POST', '/login', null), body: loginSchema },
  setupAddress: apiCall('GET', '/v3/setup-address', null),
  technicians: apiCall('GET', '/v2/auth/user-list/:level', 'team.technicians'),
  team: apiCall('GET', '/v2/auth/users', 'team.manage'),
  signInLimitsReset: { ...apiCall('DELETE', '/v3/sign-in-limits', 'team.manage'), body: signInUnlockSchema },
  deviceCode: { ...apiCall('POST', '/v3/devices', 'session.use'), body: deviceSchema },
  syncChanges: apiCall('GET', '/v3/sync/changes', 'sync.use'),
  syncLive: apiCall('GET', '/v3/sync/live', 'sync.use'),
  // config sheet
  configSheet: apiCall('GET', '/configsheet', 'config.read'),
  configStorage: apiCall('GET', '/configsheet/storage', 'config.read'),
  configSheetFull: apiCall('GET', '/configsheet_', 'config.edit'),
  // the shop's logo on documents (every document is printed by someone signed in, online or not)
  shopLogo: apiCall('GET', '/shop-logo', 'config.read'),
  shopLogoUpload: apiCall('POST', '/shop-logo', 'config.edit'),
  shopLogoRemove: apiCall('DELETE', '/shop-logo', 'config.edit'),
  // customers
  customers: apiCall('GET', '/customers', 'customer.view'),
  customerFetch: { ...apiCall('POST', '/customer-fetch', 'job.create'), body: lookupSchema },
  customerProfile: apiCall('GET', '/customerProfile/:vin', 'job.create'),
  customerById: apiCall('GET', '/customerByID/:id', 'job.create'),
  serviceHistory: apiCall('GET', '/service-history/:vin', 'customer.history'),
  // services and jobs
  serviceList: apiCall('GET', '/serviceList', 'catalogue.view'),
  services: apiCall('GET', '/services', 'catalogue.view'),
  outstandingServices: { ...apiCall('POST', '/outstanding-services', 'job.create'), body: outstandingSchema },
  bookingsFetch: { ...apiCall('POST', '/bookings-fetch', 'dash.view'), body: tileSchema },
  bookingsPaged: apiCall('GET', '/bookings_', 'job.view'),
  bookings: apiCall('GET', '/bookings', 'job.view'),
  booking: { ...apiCall('POST', '/booking', 'job.view'), body: jobIdSchema },
  // photos and service log
  servicePhotos: apiCall('GET', '/servicePhotos/:id', PHOTO_READ.service),
  serviceLog: apiCall('GET', '/service-log/:jobId', 'serviceLog.view'),
  productPhotos: apiCall('GET', '/productPhotos/:id', PHOTO_READ.product),
  photo: apiCall('GET', '/photo/:id/:size', PHOTO_BYTES),
  // dashboards
  dash: apiCall('GET', '/dash', 'dash.view'),
  dashReport: apiCall('GET', '/dash-report', 'finance.view'),
  transactionSummary: apiCall('GET', '/transaction-summary', 'finance.view'),
  // products and inventory
  products: apiCall('GET', '/products', 'product.view'),
  productFetch: { ...apiCall('POST', '/v2/inventory/product-fetch', 'product.view'), body: lookupSchema },
  inventoryProducts: apiCall('GET', '/v2/inventory/products_', 'inventory.view'),
  inventoryLog: apiCall('GET', '/v2/inventory/log/:productId', 'product.manage'),
  supplier: apiCall('GET', '/v2/inventory/supplier', 'supplier.manage'),
  suppliers: apiCall('GET', '/v2/inventory/suppliers', 'supplier.manage'),
  // invoices
  invoices: apiCall('GET', '/invoices/:filter', 'invoice.view'),
  invoiceStatus: apiCall('GET', '/v2/util/invoice-status', 'invoice.view'),
  invoice: apiCall('GET', '/invoice/:id', 'invoice.view'),
  invoicePdf: apiCall('GET', '/invoice-pdf/:id', 'invoice.view'),
  // payments
  transactions: apiCall('GET', '/transactions', 'transaction.view'),
  // estimates
  estimate: apiCall('GET', '/estimate/:id', 'estimate.view'),
  estimates: apiCall('GET', '/estimates', 'estimate.view'),
  estimatePdf: apiCall('GET', '/estimate-pdf/:id', 'estimate.view'),
  // reports and logs
  report: { ...apiCall('POST', '/report', 'report.view'), body: reportSchema },
  reportProducts: { ...apiCall('POST', '/report-products', 'report.view'), body: reportSchema },
  sysLog: apiCall('GET', '/sys-log', 'log.view'),
  // the cash-up at closing (issue 18): the list of past ones
  cashups: apiCall('GET', '/v3/cashups', 'cashup.close'),
  // the technician time clock's stretches, at the level of the hours report (Reports)
  clock: apiCall('GET', '/v3/clock', 'report.view'),
} as const satisfies Record<string, ApiCall>;

/** The calls that change rows, each group declared beside its plans in src/domain/writes (the device queues these). */
export const WRITE_CALLS = {
  cashups: CASHUP_CALLS,
  clock: CLOCK_CALLS,
  clockMend: { mend: CLOCK_MEND_CALL },
  config: CONFIG_CALLS,
  customers: CUSTOMER_CALLS,
  estimates: ESTIMATE_CALLS,
  invoices: INVOICE_CALLS,
  requests: REQUEST_CALLS,
  jobs: JOB_CALLS,
  logLines: LOG_CALLS,
  money: MONEY_CALLS,
  photos: PHOTO_CALLS,
  products: PRODUCT_CALLS,
  refunds: REFUND_CALLS,
  serviceLog: SERVICE_LOG_CALLS,
  suppliers: SUPPLIER_CALLS,
  team: TEAM_CALLS,
} as const;

type Writes = typeof WRITE_CALLS;
/** A write of the catalogue: the only calls an outbox entry may make. */
export type CatalogueWrite = { [G in keyof Writes]: Writes[G][keyof Writes[G]] }[keyof Writes];
/** A call of the catalogue: the only calls the server registers. */
export type CatalogueCall = (typeof API)[keyof typeof API] | CatalogueWrite;

/** Every call, reads and writes: the permission table (tests walk it; the server serves each). */
export const API_ROUTES: readonly CatalogueCall[] = [
  ...Object.values(API),
  ...Object.values(WRITE_CALLS).flatMap((group): CatalogueWrite[] => Object.values(group)),
];

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
