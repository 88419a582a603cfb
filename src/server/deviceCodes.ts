import { and, eq, like, ne, sql } from 'drizzle-orm';
import type { Tx } from './db/client';
import { sqlRows } from './db/sqlRows';
import { devices, numberSeries } from './db/schema';
import { deviceCode, deviceCodeIndex } from './numbers';

/**
 * Device codes (POST /v3/devices, routes/devices.ts) on a server that may have been restored from a backup (issue 16).
 * A restored server's device series is back where it was at the backup, while devices that registered after it still
 * hold the codes it handed out since. So:
 * - a device whose pull found the server's history gone registers again with the code it holds (src/sync/cycle.ts);
 *   the server gives it back when no other device holds it, and moves the series past it;
 * - the server notices a restore by itself before handing out a code: the database's identity (its oid, the series
 *   table's oid, the WAL timeline) is kept beside the series, and a database restored with pg_restore, copied from
 *   another as a template, recovered to a point in time, or put back with `npm run restore` (which forgets it) no
 *   longer matches it. Either way the series moves RESTORE_MARGIN past what it was: the codes handed out between the
 *   backup and the restore (fewer than that many devices registering in between) are not handed out again.
 */
const RESTORE_MARGIN = 10 * 23;
/** A claim further than this past the series is not taken: a made-up code would use up the series. */
const CLAIM_REACH = 1000;
/** The series row that holds the database's identity in its name (number_series: no table of its own needed). */
export const IDENTITY_PREFIX = 'identity:';

async function seriesLast(tx: Tx): Promise<number | null> {
  const [row] = await tx.select({ last: numberSeries.last }).from(numberSeries).where(eq(numberSeries.name, 'device'));
  return row?.last ?? null;
}

/** The device series' next value, or with `atLeast` only raised to it (no value taken) */
async function moveSeries(tx: Tx, atLeast?: number): Promise<number> {
  const [row] = await tx
    .insert(numberSeries)
    .values({ name: 'device', last: atLeast ?? 1 })
    .onConflictDoUpdate({
      target: numberSeries.name,
      set: {
        last: atLeast === undefined ? sql`${numberSeries.last} + 1` : sql`greatest(${numberSeries.last}, ${atLeast})`,
      },
    })
    .returning({ last: numberSeries.last });
  return row.last;
}

/** The database's identity: its oid and the series table's (both new after pg_restore), the WAL timeline if readable. */
async function identity(tx: Tx): Promise<string> {
  const rows = await sqlRows<{ id: string }>(
    tx,
    sql`select d.oid::text || ':' || 'number_series'::regclass::oid::text as id
        from pg_database d where d.datname = current_database()`,
  );
  // a managed PostgreSQL may not let every role read the WAL position: the oids alone then
  const timeline = await tx
    .transaction(async (sp) => {
      const r = await sqlRows<{ t: string }>(sp, sql`select substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8) as t`);
      return r[0].t;
    })
    .catch(() => '');
  return `${IDENTITY_PREFIX}${rows[0].id}:${timeline}`;
}

/**
 * Before a code is handed out: a database whose identity is not the one kept (restored, or copied) moves the series
 * past the codes it may have forgotten. The first start of a shop (no device series yet) has nothing to forget.
 */
async function guardRestore(tx: Tx): Promise<void> {
  const id = await identity(tx);
  const [kept] = await tx
    .insert(numberSeries)
    .values({ name: id, last: 0 })
    .onConflictDoNothing()
    .returning({ name: numberSeries.name });
  if (!kept) return;
  await tx.delete(numberSeries).where(and(like(numberSeries.name, `${IDENTITY_PREFIX}%`), ne(numberSeries.name, id)));
  const last = await seriesLast(tx);
  if (last !== null) await moveSeries(tx, last + RESTORE_MARGIN);
}

/**
 * The device with this code, unless another device holds the code (null). A twin of this request (its retry, on
 * another instance) that registered the device meanwhile wins: its code stands.
 */
async function addDevice(tx: Tx, id: string, code: string, username: string): Promise<string | null> {
  const [added] = await tx
    .insert(devices)
    .values({ id, code, username })
    .onConflictDoNothing()
    .returning({ code: devices.code });
  if (added) return added.code;
  const [twin] = await tx.select({ code: devices.code }).from(devices).where(eq(devices.id, id));
  return twin?.code ?? null;
}

/** The code the device claims back, when no other device holds it; null otherwise. */
export async function reclaimCode(tx: Tx, id: string, claim: string, username: string): Promise<string | null> {
  await guardRestore(tx);
  const index = deviceCodeIndex(claim);
  if (index === null || index > ((await seriesLast(tx)) ?? 0) + CLAIM_REACH) return null;
  // the server did not know the device: restored from a backup older than its registration, as the others may be
  await moveSeries(tx, index + RESTORE_MARGIN);
  return addDevice(tx, id, claim, username);
}

/** A new code for the device: the series' next one that no device holds. */
export async function newCode(tx: Tx, id: string, username: string): Promise<string> {
  await guardRestore(tx);
  for (let tries = 0; tries < 50; tries++) {
    // a code some device holds already (one claimed back) is refused by the unique index: the next is taken
    const code = await addDevice(tx, id, deviceCode(await moveSeries(tx)), username);
    if (code) return code;
  }
  throw new Error('no free device code in 50 tries');
}
