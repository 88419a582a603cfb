import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for a server a test or benchmark starts). */
export async function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}
