import type { FastifyInstance } from 'fastify';
import { serverOnlyColumns } from '../../domain/model';
import { SYNC_ENTITIES, SYNC_ENTITY_LEVEL, type SyncEntityName } from '../../domain/sync';
import * as t from '../db/schema';
import { sendJsonCompressed } from '../http/compression';
import { badRequest } from '../http/errors';
import { feedPage } from '../http/feedPage';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { API } from '../../domain/apiRoutes';

/**
 * Columns of a server row that the feed leaves out: the model's server-only fields (src/domain/model, each with why
 * no device has it: nothing in src/local, src/sync, src/app or sw/ reads them). tests/sync/chaos.test.ts drops the
 * same ones when it compares a device's rows with the server's. A column a device starts reading stops being
 * server-only in the model.
 */
export const SERVER_ONLY_COLUMNS: { readonly [E in SyncEntityName]: readonly string[] } = Object.fromEntries(
  SYNC_ENTITIES.map((e) => [e, serverOnlyColumns(e)]),
) as Record<SyncEntityName, string[]>;

export const MAX_PAGE = 1000;

export function syncRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: API.syncChanges,
    summary: 'Rows changed after a cursor, in commit order, with the next cursor (the pull of DESIGN.md)',
    query: {
      since: {
        type: 'integer',
        description: 'The cursor of the last page pulled (0 for the start)',
        minimum: 0,
        default: 0,
      },
      limit: {
        type: 'integer',
        description: `Changes per page, at most ${MAX_PAGE}`,
        minimum: 1,
        maximum: MAX_PAGE,
        default: 500,
      },
      only: {
        type: 'string',
        description: 'Comma-separated tables to catch up on (a higher level signed in on the device)',
      },
    },
    async handler({ db, query, user, reply, req }) {
      const since = Number(query.since ?? 0);
      const limit = Math.min(Number(query.limit ?? 500), MAX_PAGE);
      if (!Number.isSafeInteger(since) || since < 0) throw badRequest('Invalid cursor.');
      if (!Number.isInteger(limit) || limit < 1) throw badRequest('Invalid limit.');
      // only: a device catching up on tables a higher level may now see (src/sync/pull.ts, adoptScope)
      const only = typeof query.only === 'string' && query.only !== '' ? query.only.split(',') : null;
      if (only && !only.every((e) => e in SYNC_ENTITY_LEVEL)) throw badRequest('Unknown table in only.');
      const tables = SYNC_ENTITIES.filter(
        (e) => user.permission >= SYNC_ENTITY_LEVEL[e] && (!only || only.includes(e)),
      ).map((e) => [e, t.SYNCED_TABLES[e]] as const);
      const page = await feedPage(db, tables, { since, limit, only });
      const { more } = page;
      const cursor = page.cursor ?? since;
      const { sinceMark } = page;
      const mark = page.mark ?? sinceMark;
      // head: the newest seq, for a new device's progress figure (only while there is more to come)
      const head = more ? Math.max(page.head, cursor) : cursor;
      // scope: the level this feed was filtered at, so a device shared by several levels knows what it was sent
      // mark, sinceMark: of the changes at cursor and at since (feedPage)
      return sendJsonCompressed(
        reply,
        req.headers['accept-encoding'],
        `{"value":true,"changes":[${page.changes}],"cursor":${cursor},"more":${more},"head":${head},"scope":${user.permission},"mark":${mark},"sinceMark":${sinceMark}}`,
      );
    },
  });
}
