import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONFIG_NAMES } from '../../domain/configSheet';
import { isId } from '../../domain/ids';
import { withDevice } from '../../domain/fieldChanges';
import { MSG } from '../../domain/messages';
import { CONFIG_CALLS, planSettingEdit } from '../../domain/writes/config';
import { config } from '../db/schema';
import { conflictAnswers } from '../http/conflicts';
import { notFound } from '../http/errors';
import { orHttp } from '../http/plans';
import { defineRoute } from '../http/route';
import type { AppServices } from '../http/services';
import { pageQueryDoc } from '../http/openapi';
import { pageParams } from '../http/paging';
import { API } from '../../domain/apiRoutes';

/** The settings (SPEC §2 Configuration sheet): the three reads, and the edit by the catalogue's plan. */
export function configRoutes(app: FastifyInstance, s: AppServices) {
  configReads(app, s);
  configEdit(app, s);
}

/** The whole sheet (cached by the client), the storage fee terms, and the sheet paged. */
function configReads(app: FastifyInstance, s: AppServices) {
  const { db } = s;

  defineRoute(app, s, {
    call: API.configSheet,
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
    call: API.configStorage,
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
    call: API.configSheetFull,
    summary: 'The configuration sheet, paged (page, per_page; default 15)',
    query: pageQueryDoc(15),
    async handler({ query }) {
      const { page, perPage, offset } = pageParams(query, 15);
      const [{ n }] = await db.select({ n: count() }).from(config);
      const rows = await db.select().from(config).orderBy(asc(config.title)).limit(perPage).offset(offset);
      return { value: true, data: { data: rows, page, total: Number(n) } };
    },
  });
}

/** A setting's edit (src/domain/writes/config.ts planSettingEdit), field by field with base (issue 14). */
function configEdit(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    call: CONFIG_CALLS.edit,
    write: true,
    summary:
      'Edit a setting {title (read-only), description, amount, base?: {<field>: value it was based on}, device?}: with base, only the fields sent, each landing while nobody changed it since, else answered as a conflict (issue 14); without, the whole setting as before',
    async handler({ tx, params, body, changed, log }) {
      const id = params.id ?? '';
      // the id column is a uuid: anything else is not a setting (and would fail the query)
      const [row] = isId(id) ? await tx.select().from(config).where(eq(config.id, id)).for('update') : [];
      if (!row) throw notFound(MSG.notFound);
      const plan = orHttp(planSettingEdit(row, body));
      if (plan.log) {
        await tx
          .update(config)
          .set({ ...plan.apply, updated_at: new Date(), version: sql`${config.version} + 1` })
          .where(eq(config.id, row.id));
        changed('config', row.id);
        log('system', plan.log.subject, withDevice(plan.log.predicate, body.device));
      }
      // a setting's log lines are about its value: the latest names who changed it, on which device and when
      const conflicts = await conflictAnswers(
        tx,
        { entity: 'config', id: row.id, subject: `Setting ${row.title}` },
        plan.conflicts,
        () => true,
      );
      return {
        value: true,
        message: plan.message,
        ...(conflicts.length ? { conflicts } : {}),
      };
    },
  });
}
