import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONFIG_NAMES } from '../../domain/configSheet';
import { isId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import { configEditSchema } from '../../domain/schemas';
import { config } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { pageQueryDoc } from '../http/openapi';
import { pageParams } from '../http/paging';

export function configRoutes(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    method: 'GET',
    path: '/configsheet',
    summary: 'Every setting as {name, amount, description} (cached per session by the client)',
    async handler() {
      const rows = await db
        .select({
          id: config.id,
          name: config.name,
          amount: config.amount,
          description: config.description,
          title: config.title,
        })
        .from(config)
        .orderBy(asc(config.title));
      return rows;
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/configsheet/storage',
    summary: 'The storage fee terms: first day and each further day (JMD)',
    async handler() {
      const rows = await db.select().from(config);
      const by = (name: string) => rows.find((r) => r.name === name);
      const first = by(CONFIG_NAMES.storageFirstDay);
      const further = by(CONFIG_NAMES.storagePerDay);
      if (!first || !further) throw notFound(MSG.notFound);
      return {
        amount: first.amount,
        title: first.title,
        description: first.description,
        further: { amount: further.amount, title: further.title, description: further.description },
        parts_notice_days: by(CONFIG_NAMES.partsNoticeDays)?.amount ?? null,
        collect_days: by(CONFIG_NAMES.collectDays)?.amount ?? null,
      };
    },
  });

  defineRoute(app, s, {
    method: 'GET',
    path: '/configsheet_',
    summary: 'The configuration sheet, paged (page, per_page; default 15)',
    query: pageQueryDoc(15),
    async handler({ query }) {
      const { page, perPage, offset } = pageParams(query, 15);
      const [{ n }] = await db.select({ n: count() }).from(config);
      const rows = await db.select().from(config).orderBy(asc(config.title)).limit(perPage).offset(offset);
      return { value: true, data: { data: rows, page, total: Number(n) } };
    },
  });

  defineRoute(app, s, {
    method: 'PUT',
    path: '/configsheet/:id',
    write: true,
    summary: 'Edit a setting {title (read-only), description, amount}',
    body: configEditSchema,
    async handler({ tx, params, body, changed, log }) {
      const id = params.id ?? '';
      // the id column is a uuid: anything else is not a setting (and would fail the query)
      const [row] = isId(id) ? await tx.select().from(config).where(eq(config.id, id)) : [];
      if (!row) throw notFound(MSG.notFound);
      // settings with a number keep a number: a text rate would break every invoice
      if (row.amount !== null && (body.amount === null || body.amount === undefined))
        throw badRequest(MSG.configAmountRequired);
      await tx
        .update(config)
        .set({
          description: body.description,
          amount: row.amount === null ? null : Number(body.amount),
          updated_at: new Date(),
          version: sql`${config.version} + 1`,
        })
        .where(eq(config.id, row.id));
      changed('config', row.id);
      log('system', `Setting ${row.title}`, `set to ${row.amount === null ? body.description : body.amount}`);
      return { value: true, message: MSG.configNotice };
    },
  });
}
