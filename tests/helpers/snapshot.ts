import { sql } from 'drizzle-orm';
import { PAYMENT_METHODS } from '../../src/domain/entities';
import type { Db } from '../../src/server/db/client';
import { nth } from './present';

/**
 * Whole-database snapshots for tests that must prove "nothing changed" (a refusal, a replay) or "everything came
 * back" (a restore). Work on PGlite and PostgreSQL alike.
 */

const rows = <R>(r: unknown) => (r as { rows: R[] }).rows;

/** Every base table of the public schema, sorted; `except` leaves some out (login_attempts moves on every sign-in). */
export async function tableNames(db: Db, except: string[] = []): Promise<string[]> {
  const all = rows<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((r) => r.table_name);
  return all.filter((t) => !except.includes(t));
}

/** Each table's rows hashed (md5 of every row as text, in a fixed order): equal fingerprints, equal tables. */
export async function fingerprint(db: Db, tables: string[]): Promise<Record<string, string>> {
  if (!tables.length) return {};
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(name)} x`,
  );
  const out: Record<string, string> = {};
  for (const r of rows<{ name: string; h: string }>(await db.execute(sql.join(parts, sql` union all `))))
    out[r.name] = r.h;
  return out;
}

/** Row count of each table. */
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  if (!tables.length) return {};
  const parts = tables.map((name) => sql`select ${name} as name, count(*)::int as n from ${sql.identifier(name)}`);
  const out: Record<string, number> = {};
  for (const r of rows<{ name: string; n: number }>(await db.execute(sql.join(parts, sql` union all `))))
    out[r.name] = Number(r.n);
  return out;
}

/**
 * The money figures of the books, in cents: Σ live payments (transactions that are payments and not deleted),
 * Σ invoice totals (the total before payments) and Σ amounts still due.
 */
export async function moneyTotals(db: Db): Promise<{ payments: number; invoiceTotals: number; due: number }> {
  const r = nth(
    rows<{ payments: string; totals: string; due: string }>(
      await db.execute(sql`select
      (select coalesce(sum(amount), 0) from transactions where not deleted and method in (${sql.join(
        PAYMENT_METHODS.map((m) => sql`${m}`),
        sql`, `,
      )}))::text as payments,
      (select coalesce(sum((totals->>'total')::numeric), 0) from invoices)::text as totals,
      (select coalesce(sum(total), 0) from invoices)::text as due`),
    ),
    0,
  );
  return { payments: Number(r.payments), invoiceTotals: Number(r.totals), due: Number(r.due) };
}
