import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { CONFIG_SEED } from '../../domain/configSheet';
import { newId } from '../../domain/ids';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/passwords';
import { MEMBER_MAX, USERNAME_MIN, addMemberSchema } from '../../domain/schemas/team';
import type { Db } from '../db/client';
import { config, services, sysLog, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { writeChangeLog } from '../http/changes';
import type { SyncEntityName } from '../../domain/sync';
import { SERVICE_CATALOGUE } from './services';

/**
 * The first admin's username from BAYBOOK_ADMIN_USER, held to the team's username rule (the one Login and Add Member
 * use: trimmed, USERNAME_MIN to MEMBER_MAX characters). A name that breaks it is refused at start with the variable
 * named: cutting it or keeping it would make a Super Admin who can never sign in ('jo' is below the login minimum).
 */
export function adminUsername(raw: string | undefined): string {
  if (raw === undefined) return 'admin';
  try {
    return addMemberSchema.pick(['username']).validateSync({ username: raw }).username;
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(
      `BAYBOOK_ADMIN_USER ${JSON.stringify(raw)} is refused: ${why}. A username has ${USERNAME_MIN} to ${MEMBER_MAX} characters ` +
        '(spaces at either end do not count), the rule of Login and Add Member. Set BAYBOOK_ADMIN_USER to such a name, or unset it for "admin".',
      { cause: err },
    );
  }
}

/** BAYBOOK_ADMIN_PASSWORD follows the length rule of every password (8–128); a short one is refused at start. */
export function checkAdminPassword(raw: string | undefined): void {
  if (raw !== undefined && (raw.length < PASSWORD_MIN || raw.length > PASSWORD_MAX)) {
    throw new Error(
      `BAYBOOK_ADMIN_PASSWORD is refused: a password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters. Set a longer one, or unset it to have one generated.`,
    );
  }
}

/**
 * First start: the config sheet, the service catalogue and a level-5 user. Idempotent: later starts add only
 * what is missing (a new setting in a new version), never overwrite what the shop changed.
 * Returns the generated admin password when one had to be made up, so main.ts can print it once.
 */
export async function bootstrap(
  db: Db,
  opts: { adminUser?: string; adminPassword?: string },
): Promise<{ createdAdmin?: { username: string; password: string; generated: boolean } }> {
  // checked before anything is written, and on every start: a wrong setting is told at once, not after a reset
  const username = adminUsername(opts.adminUser);
  checkAdminPassword(opts.adminPassword);
  return db.transaction(async (tx) => {
    const changes: { entity: SyncEntityName; id: string; op: 'upsert' }[] = [];
    const haveConfig = new Set((await tx.select({ name: config.name }).from(config)).map((r) => r.name));
    for (const c of CONFIG_SEED) {
      if (haveConfig.has(c.name)) continue;
      const id = newId();
      await tx.insert(config).values({ id, ...c });
      changes.push({ entity: 'config', id, op: 'upsert' });
    }
    const [{ n: serviceCount }] = await tx.select({ n: count() }).from(services);
    if (Number(serviceCount) === 0) {
      for (const sv of SERVICE_CATALOGUE) {
        const id = newId();
        await tx.insert(services).values({ id, ...sv });
        changes.push({ entity: 'services', id, op: 'upsert' });
      }
    }
    let createdAdmin: { username: string; password: string; generated: boolean } | undefined;
    const [{ n: admins }] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.permission, 5), eq(users.deleted, false)));
    if (Number(admins) === 0) {
      const generated = !opts.adminPassword;
      const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
      const id = existing?.id ?? newId();
      const password_hash = await hashPassword(password);
      if (existing)
        await tx.update(users).set({ permission: 5, deleted: false, password_hash }).where(eq(users.id, id));
      else await tx.insert(users).values({ id, username, permission: 5, password_hash });
      changes.push({ entity: 'users', id, op: 'upsert' });
      const logId = newId();
      await tx.insert(sysLog).values({
        id: logId,
        category: 'system',
        subject: `Team member ${username}`,
        predicate: 'created as the first Super Admin',
        username: 'system',
      });
      changes.push({ entity: 'sys_log', id: logId, op: 'upsert' });
      createdAdmin = { username, password, generated };
    }
    await writeChangeLog(tx, changes);
    return { createdAdmin };
  });
}
