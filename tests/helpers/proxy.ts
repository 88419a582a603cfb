import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nth } from './present';

/** A round-robin HTTP proxy: each request goes to the next upstream in turn, as a load balancer without stickiness. */
export interface Proxy {
  url: string;
  /** requests sent to each upstream, by index */
  served: number[];
  /** where it sends requests: replace one to swap an instance (a rolling restart) */
  upstreams: string[];
  /** requests answered 502 because their instance could not be reached */
  badGateway: number;
  close(): Promise<void>;
}

export async function startProxy(initial: string[]): Promise<Proxy> {
  const upstreams = [...initial];
  const served = upstreams.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const k = next++ % upstreams.length;
    served[k] = nth(served, k) + 1;
    const target = new URL(req.url ?? '/', upstreams[k]);
    const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => {
      proxy.badGateway++;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: false, message: 'Bad gateway' }));
    });
    req.pipe(out);
    // the client went away (a device that stopped waiting): so does the request upstream
    res.on('close', () => out.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const proxy: Proxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    upstreams,
    badGateway: 0,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return proxy;
}
