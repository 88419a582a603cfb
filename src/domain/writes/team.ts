import { object, string, type InferType } from 'yup';
import { decideFields, fieldChangeShape, type FieldConflict } from '../fieldChanges';
import { MSG, fill } from '../messages';
import { idPayloadSchema } from '../schemas/admin';
import { idField } from '../schemas/common';
import { PASSWORD_MASK, addMemberSchema, editMemberSchema } from '../schemas/team';
import { lookalikeOf } from '../usernames';
import { SUPER_ADMIN_LEVEL } from '../levels';
import type { WriteCall } from './calls';
import { checked, refuse, type Refusal } from './refusals';

/**
 * Team members as catalogue writes (issue 17): add a member, change a member's name or level, set a new password,
 * remove a member. Each plan reads the member as they stand and what the side knows of the team (the other names,
 * whether another Super Admin stays) and says the columns to store, the activity-log line and the answer — or the
 * refusal in SPEC's words. Hashing a password is the server's alone: a plan only checks it and passes it on. A name or
 * level change is a field change with a base (issue 14): a field someone changed since comes back as a conflict.
 */
/** The fields a member edit may change (a new password goes by its own key). */
const MEMBER_EDITABLE = ['username', 'permission'] as const;

export const TEAM_CALLS = {
  add: { method: 'POST', path: '/v2/auth/user', action: 'team.manage', body: addMemberSchema },
  /** {id, username?, permission?, base?, device?} and/or {password}: the name and level are the plan's to check */
  edit: {
    method: 'PUT',
    path: '/v2/auth/user',
    action: 'team.manage',
    body: object({ id: idField().required(MSG.invalidId), password: string().optional(), ...fieldChangeShape }).unknown(
      true,
    ),
    fields: editMemberSchema.pick([...MEMBER_EDITABLE]),
  },
  remove: { method: 'DELETE', path: '/v2/auth/user', action: 'team.manage', body: idPayloadSchema },
} as const satisfies Record<string, WriteCall<unknown>>;

export type NewMember = InferType<typeof addMemberSchema>;

/** A member as the plans read them. */
export interface MemberNow {
  id: string;
  username: string;
  permission: number;
  [field: string]: unknown;
}

/** What the side making the write knows of the rest of the team. */
export interface TeamView {
  /** username of the person signed in */
  self: string;
  /** every other member's name (the server knows removed members' too: their names stay on what they signed) */
  otherNames: string[];
  /** whether a Super Admin other than this member stays */
  otherSuperAdmin: boolean;
}

/** The activity-log subject of a member's lines (a field conflict finds who changed the field by it). */
export const memberSubject = (username: string) => `Team member ${username}`;

export const memberMissing = () => refuse(MSG.notFound, 404);

/** A name already used, or one a person would read as another member's, is refused. */
function nameClash(username: string, others: string[]): Refusal | undefined {
  if (others.includes(username)) return refuse(MSG.usernameTaken, 409);
  const like = lookalikeOf(username, others);
  return like ? refuse(fill(MSG.usernameLookalike, { name: like }), 409) : undefined;
}

export interface MemberLog {
  subject: string;
  predicate: string;
}

export type PlannedMemberAdd =
  | { ok: true; row: { username: string; permission: number }; password: string; log: MemberLog; message: string }
  | Refusal;

/**
 * Add Member {username, permission, password} as TEAM_CALLS.add's schema casts it (the username kept in NFKC, the
 * password by issue 19's rules).
 */
export function planMemberAdd(input: NewMember, otherNames: string[]): PlannedMemberAdd {
  const { username, permission, password } = input;
  const clash = nameClash(username, otherNames);
  if (clash) return clash;
  return {
    ok: true,
    row: { username, permission },
    password,
    log: { subject: memberSubject(username), predicate: `added with permission ${permission}` },
    message: MSG.memberAdded,
  };
}

export type PlannedMemberEdit =
  | {
      ok: true;
      /** the log subject the member's lines had before this edit */
      subject: string;
      /** the columns that land (username, permission): empty when none does */
      set: Record<string, unknown>;
      /** a new password to hash and store, if one was given */
      password?: string;
      conflicts: FieldConflict[];
      /** null when nothing landed */
      log: MemberLog | null;
      message: string;
    }
  | Refusal;

/**
 * A member's name and level as field changes {changes, base} (no base: an older device's whole row, merged), and a
 * new password (empty or the mask keeps it). The last Super Admin stays; nobody lowers their own level.
 */
export function planMemberEdit(
  current: MemberNow,
  sent: { changes: Record<string, unknown>; base?: Record<string, unknown>; password?: unknown },
  team: TeamView,
): PlannedMemberEdit {
  const changes = Object.fromEntries(
    MEMBER_EDITABLE.filter((f) => sent.changes[f] !== undefined).map((f) => [f, sent.changes[f]]),
  );
  const sentAs = checked(editMemberSchema, { ...current, ...changes, password: sent.password });
  if (!sentAs.ok) return sentAs;
  const kept = { username: sentAs.value.username, permission: sentAs.value.permission };
  const asKept = Object.fromEntries(Object.keys(changes).map((f) => [f, kept[f as keyof typeof kept]]));
  const decided = sent.base
    ? decideFields(current, { changes: asKept, base: sent.base })
    : decideFields(current, { changes: asKept, base: current });
  const next = { ...current, ...decided.apply };
  if (next.username !== current.username) {
    const clash = nameClash(String(next.username), team.otherNames);
    if (clash) return clash;
  }
  const permission = Number(next.permission);
  if (current.permission === SUPER_ADMIN_LEVEL && permission < SUPER_ADMIN_LEVEL && !team.otherSuperAdmin)
    return refuse(MSG.lastSuperAdmin);
  if (current.username === team.self && permission < current.permission) return refuse(MSG.cannotLowerOwnPermission);
  const given = sentAs.value.password;
  const password = given && given !== PASSWORD_MASK ? given : undefined;
  const fields = Object.keys(decided.apply);
  const what = [fields.length ? `edited ${fields.join(', ')}` : '', password ? 'password changed' : ''];
  return {
    ok: true,
    subject: memberSubject(current.username),
    set: decided.apply,
    ...(password ? { password } : {}),
    conflicts: decided.conflicts,
    log:
      fields.length || password
        ? { subject: memberSubject(String(next.username)), predicate: what.filter(Boolean).join('; ') }
        : null,
    message: decided.conflicts.length
      ? fill(MSG.fieldConflicts, { count: decided.conflicts.length })
      : MSG.memberUpdated,
  };
}

export type PlannedMemberRemove = { ok: true; log: MemberLog; message: string } | Refusal;

/** Removing a member (soft: the name stays on the jobs, logs and payments it signed); never oneself or the last Super Admin. */
export function planMemberRemove(current: MemberNow, team: TeamView): PlannedMemberRemove {
  if (current.username === team.self) return refuse(MSG.cannotRemoveSelf);
  if (current.permission === SUPER_ADMIN_LEVEL && !team.otherSuperAdmin) return refuse(MSG.lastSuperAdmin);
  return {
    ok: true,
    log: { subject: memberSubject(current.username), predicate: 'removed' },
    message: MSG.memberRemoved,
  };
}
