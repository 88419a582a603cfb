import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';

export function healthRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    method: 'GET',
    path: '/health',
    summary: 'Liveness: answers once the database is open and migrated',
    async handler() {
      return { value: true, status: 'ok' };
    },
  });
}
