import { randomUUID } from 'node:crypto';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { v7 as uuidv7 } from 'uuid';

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * A shop's day on loopback: sync pulls, list reads and idempotent writes from many devices at once.
 * Stops by itself after `seconds`, or once `amount` requests have been answered when that is given (a run whose
 * size does not depend on how busy the machine is).
 */
export async function runLoad(opts: {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  amount?: number;
}): Promise<LoadResult> {
  const auth = { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' };
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
    timeout: 30,
    requests: [
      { method: 'GET', path: '/api/v3/sync/changes?since=0&limit=100', headers: auth },
      { method: 'GET', path: '/api/configsheet', headers: auth },
      { method: 'GET', path: '/api/v2/auth/user-list/3', headers: auth },
      {
        method: 'POST',
        path: '/api/v3/devices',
        headers: auth,
        setupRequest: (req: { headers: Record<string, string>; body?: string }) => {
          req.headers = { ...auth, 'idempotency-key': randomUUID() };
          req.body = JSON.stringify({ data: { device_id: uuidv7() } });
          return req;
        },
      },
    ],
  });
  return {
    connections: opts.connections,
    seconds: opts.seconds,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}
