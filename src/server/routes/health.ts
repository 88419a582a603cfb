import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { API } from '../../domain/apiRoutes';

/** A database that has not answered `select 1` in this long is as good as down for a load balancer. */
const READY_DB_TIMEOUT_MS = 2000;

export function healthRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.health,
    summary: 'Liveness: answers once the database is open and migrated',
    async handler() {
      return { value: true, status: 'ok' };
    },
  });

  defineRoute(app, s, {
    call: API.ready,
    summary: 'Readiness: 200 while the database answers and the server is not shutting down, 503 otherwise',
    async handler({ reply }) {
      const down = s.closing() ? 'closing' : (await databaseAnswers(s)) ? null : 'database unavailable';
      if (!down) return { value: true, status: 'ready' };
      reply.code(503);
      return { value: false, status: down };
    },
  });
}

async function databaseAnswers(s: AppServices): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS)));
  const query = s.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
