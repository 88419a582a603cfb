import { minLevel, type Action } from './permissions';

/**
 * Every call of the REST API (SPEC §7, served under /api) and the permission it needs.
 * The server refuses to register a route that is not listed here, and the permission-matrix test walks this list,
 * so a new route cannot be added without deciding who may call it.
 * `action: null` marks the public routes (login, and the health and readiness probes).
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  action: Action | null;
}

/**
 * Who may read a photo's bytes (GET /photo/:id/:size): whoever may list the photos of its job (the Gallery, SPEC §6
 * "above 2") or of its product. The list routes below and the photo route read this one table.
 */
export const PHOTO_READ = { service: 'job.photos', product: 'product.view' } as const satisfies Record<string, Action>;
/** The route's own gate: the lower of the two; the handler then checks the photo's owner kind. */
const PHOTO_BYTES: Action =
  minLevel(PHOTO_READ.service) <= minLevel(PHOTO_READ.product) ? PHOTO_READ.service : PHOTO_READ.product;

const r = (method: ApiRoute['method'], path: string, action: Action | null): ApiRoute => ({ method, path, action });

export const API_ROUTES: readonly ApiRoute[] = [
  // auth, team, devices, sync
  r('GET', '/health', null),
  r('GET', '/ready', null),
  r('POST', '/login', null),
  r('GET', '/v3/setup-address', null),
  r('GET', '/v2/auth/user-list/:level', 'team.technicians'),
  r('GET', '/v2/auth/users', 'team.manage'),
  r('POST', '/v2/auth/user', 'team.manage'),
  r('PUT', '/v2/auth/user', 'team.manage'),
  r('DELETE', '/v2/auth/user', 'team.manage'),
  r('DELETE', '/v3/sign-in-limits', 'team.manage'),
  r('POST', '/v3/devices', 'session.use'),
  r('POST', '/v3/discarded', 'session.use'),
  r('POST', '/v3/decided', 'session.use'),
  r('GET', '/v3/sync/changes', 'sync.use'),
  r('GET', '/v3/sync/live', 'sync.use'),
  // config sheet
  r('GET', '/configsheet', 'config.read'),
  r('GET', '/configsheet/storage', 'config.read'),
  r('GET', '/configsheet_', 'config.edit'),
  r('PUT', '/configsheet/:id', 'config.edit'),
  // the shop's logo on documents (every document is printed by someone signed in, online or not)
  r('GET', '/shop-logo', 'config.read'),
  r('POST', '/shop-logo', 'config.edit'),
  r('DELETE', '/shop-logo', 'config.edit'),
  // customers
  r('GET', '/customers', 'customer.view'),
  r('POST', '/customer', 'customer.add'),
  r('PUT', '/customer', 'customer.edit'),
  r('PUT', '/customer-status', 'customer.block'),
  r('POST', '/customer-fetch', 'job.create'),
  r('GET', '/customerProfile/:vin', 'job.create'),
  r('GET', '/customerByID/:id', 'job.create'),
  r('GET', '/service-history/:vin', 'customer.history'),
  // services and jobs
  r('GET', '/serviceList', 'catalogue.view'),
  r('GET', '/services', 'catalogue.view'),
  r('POST', '/service', 'job.create'),
  r('PUT', '/service', 'job.mileage'),
  r('PUT', '/serviceItem', 'job.services'),
  r('POST', '/outstanding-services', 'job.create'),
  r('POST', '/bookings-fetch', 'dash.view'),
  r('GET', '/bookings_', 'job.view'),
  r('GET', '/bookings', 'job.view'),
  r('POST', '/booking', 'job.view'),
  r('PUT', '/booking-date', 'calendar.book'),
  r('PUT', '/job-action/technician', 'job.assign'),
  r('PUT', '/job-action/status', 'job.status'),
  r('PUT', '/job-action/cancel', 'job.cancel'),
  r('PUT', '/job-action/comment', 'job.comment'),
  r('PUT', '/job-action/service-note', 'job.serviceNote'),
  r('PUT', '/job-action/services', 'job.services'),
  // photos and service log
  r('GET', '/servicePhotos/:id', PHOTO_READ.service),
  r('POST', '/upload/service-photo', 'job.photos'),
  r('DELETE', '/servicePhoto', 'job.photos'),
  r('GET', '/service-log/:jobId', 'serviceLog.view'),
  r('POST', '/service-log', 'serviceLog.add'),
  r('DELETE', '/service-log', 'serviceLog.delete'),
  r('GET', '/productPhotos/:id', PHOTO_READ.product),
  r('POST', '/upload/product-photo', 'product.manage'),
  r('DELETE', '/productPhoto', 'product.manage'),
  r('GET', '/photo/:id/:size', PHOTO_BYTES),
  // dashboards
  r('GET', '/dash', 'dash.view'),
  r('GET', '/dash-report', 'finance.view'),
  r('GET', '/transaction-summary', 'finance.view'),
  // products and inventory
  r('POST', '/product', 'product.edit'),
  r('PUT', '/product', 'product.edit'),
  r('DELETE', '/product', 'product.edit'),
  r('GET', '/products', 'product.view'),
  r('POST', '/v2/inventory/product-fetch', 'product.view'),
  r('GET', '/v2/inventory/products_', 'inventory.view'),
  r('POST', '/v2/inventory/product', 'product.manage'),
  r('PUT', '/v2/inventory/product', 'product.manage'),
  r('DELETE', '/v2/inventory/product', 'product.manage'),
  r('GET', '/v2/inventory/log/:productId', 'product.manage'),
  r('GET', '/v2/inventory/supplier', 'supplier.manage'),
  r('POST', '/v2/inventory/supplier', 'supplier.manage'),
  r('PUT', '/v2/inventory/supplier', 'supplier.manage'),
  r('DELETE', '/v2/inventory/supplier', 'supplier.manage'),
  r('GET', '/v2/inventory/suppliers', 'supplier.manage'),
  // invoices
  r('GET', '/invoices/:filter', 'invoice.view'),
  r('GET', '/v2/util/invoice-status', 'invoice.view'),
  r('GET', '/invoice/:id', 'invoice.view'),
  r('POST', '/invoice', 'invoice.create'),
  r('POST', '/invoice-product', 'sale.create'),
  r('PUT', '/invoice-details', 'invoice.edit'),
  r('DELETE', '/invoice', 'invoice.delete'),
  r('PUT', '/invoice-storage-state/:id', 'invoice.edit'),
  r('POST', '/invoice-return', 'invoice.edit'),
  r('GET', '/invoice-pdf/:id', 'invoice.view'),
  // payments
  r('POST', '/transaction', 'payment.take'),
  r('POST', '/discount', 'payment.take'),
  r('POST', '/redemption', 'payment.take'),
  r('GET', '/transactions', 'transaction.view'),
  r('DELETE', '/transaction', 'transaction.delete'),
  // a refund after payment (issue 18): gated like removing a transaction
  r('POST', '/v3/refund', 'transaction.delete'),
  // estimates
  r('POST', '/estimate', 'estimate.create'),
  r('GET', '/estimate/:id', 'estimate.view'),
  r('PUT', '/estimate-details', 'estimate.edit'),
  r('GET', '/estimates', 'estimate.view'),
  r('DELETE', '/estimate', 'estimate.delete'),
  r('GET', '/estimate-pdf/:id', 'estimate.view'),
  // reports and logs
  r('POST', '/report', 'report.view'),
  r('POST', '/report-products', 'report.view'),
  r('GET', '/sys-log', 'log.view'),
  // the cash-up at closing (issue 18): the day's record, and the list of past ones
  r('POST', '/v3/cashup', 'cashup.close'),
  r('GET', '/v3/cashups', 'cashup.close'),
  // the technician time clock on a job (issue 18): start, pause, resume and stop the signed-in member's clock
  r('POST', '/v3/clock/start', 'job.clock'),
  r('POST', '/v3/clock/pause', 'job.clock'),
  r('POST', '/v3/clock/resume', 'job.clock'),
  r('POST', '/v3/clock/stop', 'job.clock'),
  // mending a clock's stop (issue 18): at the level that edits the invoice its hours feed
  r('POST', '/v3/clock/mend', 'invoice.edit'),
  // the clock's stretches, at the level of the hours report (Reports)
  r('GET', '/v3/clock', 'report.view'),
];

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

const byKey = new Map(API_ROUTES.map((x) => [routeKey(x.method, x.path), x]));

export function findApiRoute(method: string, path: string): ApiRoute | undefined {
  return byKey.get(routeKey(method, path));
}
