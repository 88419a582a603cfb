import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2';
import { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';

/** The HTTPS server, made with the app and its hooks before the app starts, and started once the app listens. */
export interface HttpsListener {
  server: Http2SecureServer;
  listen(port: number, host: string): Promise<void>;
}

/**
 * The HTTPS listener beside the plain port (issue 30): HTTP/2 for the browsers, which all speak it over TLS, and
 * HTTP/1.1 for any client that does not. The one Fastify app answers both ports: a request here is handed to the
 * handler the app gave its own server, so every hook, route and error answer is the same on either port.
 *
 * On close it goes with the app: it stops accepting at once, lets each HTTP/2 session finish its streams, and ends an
 * HTTP/1.1 connection that has no request running, so a graceful shutdown waits for the writes in flight here too.
 */
export function httpsListener(app: FastifyInstance, tls: { key: string; cert: string }): HttpsListener {
  const server = createSecureServer({ allowHTTP1: true, key: tls.key, cert: tls.cert }, (req, res) =>
    app.server.emit('request', req, res),
  );
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // HTTP/1.1 connections and how many requests each is running (an HTTP/2 one is its session's to close)
  const busy = new Map<TLSSocket, number>();
  server.on('secureConnection', (socket: TLSSocket) => {
    if (socket.alpnProtocol === 'h2') return;
    busy.set(socket, 0);
    socket.once('close', () => busy.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    if (!(socket instanceof TLSSocket) || !busy.has(socket)) return;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    res.once('close', () => busy.set(socket, (busy.get(socket) ?? 1) - 1));
  });
  app.addHook('preClose', async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const session of sessions) session.close();
    for (const [socket, running] of busy) if (running === 0) socket.end();
    await closed;
  });
  const listen = (port: number, host: string) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  return { server, listen };
}
