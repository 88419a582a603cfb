import { newId } from '../../domain/ids';
import { settingsFrom, type Settings } from '../../domain/configSheet';
import { TECHNICIAN_LEVEL } from '../../domain/levels';
import { MSG } from '../../domain/messages';
import type { BayBookDB, StoredRow } from '../db';
import { LocalWriteError, localWrite, type WriteContext } from '../write';

/**
 * Team members (SPEC §2 Members) and the configuration sheet. Passwords are never stored on the device: a new
 * member's password travels only inside the queued request (until it is sent) and the local row has none.
 */

export type MemberRow = StoredRow<'users'>;
export type ConfigRow = StoredRow<'config'>;

/**
 * The server's team rules, applied on the device too so a refusal is met at once, offline, in the same words: the
 * last Super Admin stays; nobody removes themselves or lowers their own level. (A taken username is left to the
 * server: a device may not know every member, and the refusal reaches the conflicts list with the server's words.)
 */
async function checkMember(w: WriteContext, change: { id: string; permission?: number; removing?: boolean }) {
  const rows = ((await w.db.users.toArray()) as MemberRow[]).filter((u) => !u.deleted);
  const current = rows.find((u) => u.id === change.id);
  if (!current) return;
  const self = current.username === w.session.username;
  if (change.removing && self) throw new LocalWriteError(MSG.cannotRemoveSelf);
  const leavesLevel5 = current.permission === 5 && (change.removing || (change.permission ?? 5) < 5);
  if (leavesLevel5 && !rows.some((u) => u.id !== current.id && u.permission === 5))
    throw new LocalWriteError(MSG.lastSuperAdmin);
  if (!change.removing && self && (change.permission ?? current.permission) < current.permission)
    throw new LocalWriteError(MSG.cannotLowerOwnPermission);
}

export function teamRepository(db: BayBookDB) {
  return {
    /** all members, by username (for the Members table) */
    async list(): Promise<MemberRow[]> {
      const rows = (await db.users.orderBy('username').toArray()) as MemberRow[];
      return rows.filter((u) => !u.deleted);
    },
    /** the technician list: level-3 users (SPEC §6) */
    async technicians(): Promise<MemberRow[]> {
      const rows = (await db.users.where('permission').equals(TECHNICIAN_LEVEL).toArray()) as MemberRow[];
      return rows.filter((u) => !u.deleted).sort((a, b) => a.username.localeCompare(b.username));
    },
    byUsername(username: string) {
      return db.users.where('username').equals(username).first() as Promise<MemberRow | undefined>;
    },
    /** POST /v2/auth/user {username, permission, password} */
    add(input: { username: string; permission: number; password: string }) {
      return localWrite(db, async (w) => {
        const id = newId();
        await w.put<MemberRow>('users', {
          id,
          username: input.username,
          permission: input.permission,
          deleted: false,
          created_at: w.now,
          updated_at: w.now,
          version: 1,
        });
        await w.enqueue({
          method: 'POST',
          path: '/v2/auth/user',
          body: { data: { id, username: input.username, permission: input.permission, password: input.password } },
          creates: [id],
          label: `Add team member ${input.username}`,
        });
        return id;
      });
    },
    /** PUT /v2/auth/user (the edited row; an empty password keeps the old one) */
    edit(input: { id: string; username: string; permission: number; password?: string }) {
      return localWrite(db, async (w) => {
        await checkMember(w, { id: input.id, permission: input.permission });
        await w.patch<MemberRow>('users', input.id, {
          username: input.username,
          permission: input.permission,
          updated_at: w.now,
        });
        await w.enqueue({
          method: 'PUT',
          path: '/v2/auth/user',
          body: {
            data: {
              id: input.id,
              username: input.username,
              permission: input.permission,
              ...(input.password ? { password: input.password } : {}),
            },
          },
          label: `Edit team member ${input.username}`,
        });
      });
    },
    /** DELETE /v2/auth/user (row {id}) */
    remove(id: string) {
      return localWrite(db, async (w) => {
        const row = await w.get<MemberRow>('users', id);
        if (row) await checkMember(w, { id, removing: true });
        await w.remove('users', id);
        await w.enqueue({
          method: 'DELETE',
          path: '/v2/auth/user',
          body: { data: { id } },
          label: `Remove team member ${row?.username ?? id}`,
        });
      });
    },
  };
}

export function configRepository(db: BayBookDB) {
  return {
    async list(): Promise<ConfigRow[]> {
      return ((await db.config.toArray()) as ConfigRow[]).sort((a, b) => a.title.localeCompare(b.title));
    },
    /** SPEC §3: settings by name, amount when present, else description */
    async settings(): Promise<Settings> {
      return settingsFrom((await db.config.toArray()) as ConfigRow[]);
    },
    /** PUT /configsheet/{id} {title, description, amount} */
    edit(input: { id: string; description: string; amount: number | null }) {
      return localWrite(db, async (w) => {
        const row = await w.patch<ConfigRow>('config', input.id, {
          description: input.description,
          amount: input.amount,
          updated_at: w.now,
        });
        await w.enqueue({
          method: 'PUT',
          path: `/configsheet/${input.id}`,
          body: { data: { title: row.title, description: input.description, amount: input.amount } },
          label: `Setting ${row.title}`,
        });
      });
    },
  };
}
