/**
 * The money figures of the Invoices table's summary cards, the Dashboard's finance tiles and the Reports screen
 * (SPEC §2, §3 "Dashboard payloads", §9 "Paid summary covers the last 7 days"), as pure functions over rows. The
 * device computes them from its own copy (IndexedDB) and the server's GET /v2/util/invoice-status, /dash-report,
 * /transaction-summary, POST /report and /report-products answer with the same functions over the rows they read, so
 * a tile never disagrees with the API. One file per family; this one is the door both sides import.
 */
export * from './reportsBasis';
export * from './reportsCards';
export * from './reportsDash';
export * from './reportsRange';
export * from './reportsDepletion';
