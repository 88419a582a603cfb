import { describe, expect, it } from 'vitest';
import { API_ROUTES, routeKey } from '../../src/domain/apiRoutes';
import { callsByRoute } from '../helpers/catalogue';

/**
 * Every call that changes something is a catalogue write (issue 17): its route and body schema named once in an
 * `<AREA>_CALLS` of src/domain/writes, which the server's route and the device's repository both go by. A writing
 * route added to src/domain/apiRoutes.ts without its call fails here, and so does a call the route table lacks.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../src/domain/writes/*.ts', { eager: true });

/**
 * The non-GET routes that are not catalogue writes, each for its reason (docs/ARCHITECTURE.md): signing in, and the
 * online-only calls that are the server's own to answer — a device's code, the shop's one logo, the sign-in counter.
 */
const ONLINE_ONLY = [
  'POST /login',
  'POST /v3/devices',
  'POST /shop-logo',
  'DELETE /shop-logo',
  'DELETE /v3/sign-in-limits',
];
/** SPEC §7's searches sent as POST: they read and change nothing (tests/api/replay.test.ts checks the feed stays put). */
const POST_READS = [
  'POST /customer-fetch',
  'POST /outstanding-services',
  'POST /bookings-fetch',
  'POST /booking',
  'POST /v2/inventory/product-fetch',
  'POST /report',
  'POST /report-products',
];

describe('the write catalogue', () => {
  const calls = callsByRoute(modules);
  const writing = API_ROUTES.filter((r) => r.method !== 'GET').map((r) => routeKey(r.method, r.path));

  it('names every writing route of apiRoutes.ts as a call, but the online-only ones and the searches', () => {
    const outside = new Set([...ONLINE_ONLY, ...POST_READS]);
    expect(writing.filter((k) => !calls.has(k) && !outside.has(k))).toEqual([]);
    expect([...outside].filter((k) => !writing.includes(k))).toEqual([]);
    expect([...outside].filter((k) => calls.has(k))).toEqual([]);
  });

  it('names no call the route table lacks, and each route by one call', () => {
    expect([...calls.keys()].filter((k) => !writing.includes(k))).toEqual([]);
    expect([...calls].filter(([, names]) => names.length > 1)).toEqual([]);
  });
});
