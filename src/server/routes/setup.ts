import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { setupAddressOf } from '../tls/serveTls';
import { API } from '../../domain/apiRoutes';

/**
 * Where a device opens BayBook securely and where a new one is set up (issue 30): the ports, and the server's
 * address on the shop's network. Public, as the set-up page is: a tablet reads it before anyone signs in.
 */
export function setupRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.setupAddress,
    summary:
      "The HTTPS port the tablets open (null when this server serves no HTTPS), the plain port, the set-up page's path and the server's LAN address",
    async handler() {
      return { value: true, ...setupAddressOf(s.config, s.secure) };
    },
  });
}
