import { newRow } from '../../domain/model';
import { changedFields } from '../../domain/fieldChanges';
import { newId } from '../../domain/ids';
import { settingsFrom, type Settings } from '../../domain/configSheet';
import { CONFIG_CALLS, planSettingEdit } from '../../domain/writes/config';
import { SUPER_ADMIN_LEVEL, TECHNICIAN_LEVEL } from '../../domain/levels';
import { MSG } from '../../domain/messages';
import type { Refusal } from '../../domain/writes/refusals';
import {
  TEAM_CALLS,
  memberMissing,
  planMemberAdd,
  planMemberEdit,
  planMemberRemove,
  type TeamView,
} from '../../domain/writes/team';
import { callOf, checkedCall, orRefuse } from '../calls';
import type { BayBookDB, StoredRow } from '../db';
import { queueFieldChange } from '../fieldCalls';
import { LocalWriteError, localWrite, type WriteContext } from '../write';

/**
 * Team members (SPEC §2 Members) and the configuration sheet. Passwords are never stored on the device: a new
 * member's password travels only inside the queued request (until it is sent) and the local row has none.
 */

export type MemberRow = StoredRow<'users'>;
export type ConfigRow = StoredRow<'config'>;

/** A catalogue refusal as the device's write says it: in the server's words, before anything is stored. */
function refused(r: Refusal): never {
  throw new LocalWriteError(r.message);
}

/**
 * What the device knows of the team around member `id` (none: a new member). A device may not know every member
 * (removed ones leave it): a name it cannot see taken is the server's to refuse, in the same words, when the call
 * arrives.
 */
async function teamView(w: WriteContext, id?: string): Promise<TeamView> {
  const others = ((await w.db.users.toArray()) as MemberRow[]).filter((u) => u.id !== id);
  return {
    self: w.session.username,
    otherNames: others.map((u) => u.username),
    otherSuperAdmin: others.some((u) => !u.deleted && u.permission === SUPER_ADMIN_LEVEL),
  };
}

async function liveMember(w: WriteContext, id: string): Promise<MemberRow> {
  const row = await w.get('users', id);
  return row && !row.deleted ? row : refused(memberMissing());
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
    add: (sent: { username: string; permission: number; password: string }) => addMember(db, sent),
    edit: (input: MemberEdit) => editMember(db, input),
    remove: (id: string) => removeMember(db, id),
  };
}

/** POST /v2/auth/user {username, permission, password}: the row has no password, the queued call carries it */
async function addMember(db: BayBookDB, sent: { username: string; permission: number; password: string }) {
  const input = await checkedCall(db, TEAM_CALLS.add, sent);
  return localWrite(db, async (w) => {
    const plan = planMemberAdd(input, (await teamView(w)).otherNames);
    if (!plan.ok) refused(plan);
    const id = newId();
    await w.put('users', newRow('users', { id, ...plan.row }, w.now));
    await w.enqueue({
      ...callOf(TEAM_CALLS.add, { id, ...plan.row, password: plan.password }),
      creates: [id],
      label: `Add team member ${plan.row.username}`,
    });
    return id;
  });
}

type MemberEdit = { id: string; username: string; permission: number; password?: string };

/**
 * PUT /v2/auth/user: the name and level as field changes with their base (issue 14: a field someone changed
 * since comes back as a conflict to decide), and a new password by its own call (empty keeps the old one).
 */
async function editMember(db: BayBookDB, input: MemberEdit) {
  await checkedCall(db, TEAM_CALLS.edit, input);
  return localWrite(db, async (w) => {
    const cur = await liveMember(w, input.id);
    const set = changedFields({ ...cur }, { username: input.username, permission: input.permission });
    const sent = { ...set, password: input.password };
    const plan = planMemberEdit(cur, sent, await teamView(w, cur.id));
    if (!plan.ok) refused(plan);
    if (!plan.log) return;
    const row = await w.patch('users', cur.id, { ...plan.set, updated_at: w.now });
    const asKept = Object.fromEntries(Object.keys(set.changes).map((f) => [f, row[f as keyof MemberRow]]));
    if (Object.keys(asKept).length)
      await queueFieldChange(
        w,
        'users',
        cur.id,
        { changes: asKept, base: set.base },
        `Edit team member ${row.username}`,
      );
    if (plan.password)
      await w.enqueue({
        ...callOf(TEAM_CALLS.edit, { id: cur.id, password: plan.password }),
        label: `New password for ${row.username}`,
      });
  });
}

/** DELETE /v2/auth/user (row {id}) */
async function removeMember(db: BayBookDB, id: string) {
  await checkedCall(db, TEAM_CALLS.remove, { id });
  return localWrite(db, async (w) => {
    const row = await liveMember(w, id);
    const plan = planMemberRemove(row, await teamView(w, id));
    if (!plan.ok) refused(plan);
    await w.remove('users', id);
    await w.enqueue({
      ...callOf(TEAM_CALLS.remove, { id }),
      label: `Remove team member ${row.username}`,
    });
  });
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
    /**
     * A setting's edit as field changes (issue 14): only what the person changed, each with the value it was based
     * on, by PUT /configsheet/{id}; two devices changing different settings both land, the same one is a conflict.
     */
    async edit(input: { id: string; description: string; amount: number | null }) {
      const sent = await checkedCall(db, CONFIG_CALLS.edit, { description: input.description, amount: input.amount });
      return localWrite(db, async (w) => {
        const row = (await w.db.config.get(input.id)) as ConfigRow | undefined;
        if (!row) throw new LocalWriteError(MSG.notFound);
        // a setting without an amount keeps none; one with an amount left empty is refused by the plan
        const edit = { description: sent.description, ...(row.amount === null ? {} : { amount: sent.amount ?? null }) };
        const set = changedFields({ ...row }, edit);
        if (Object.keys(set.changes).length === 0) return;
        const plan = orRefuse(planSettingEdit(row, { ...set.changes, base: set.base }));
        await w.patch('config', row.id, { ...plan.apply, updated_at: w.now });
        await queueFieldChange(w, 'config', row.id, set, `Setting ${row.title}`);
      });
    },
  };
}
