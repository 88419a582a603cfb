import { LIMITS } from '../schemas/fields';
import { bool, int, real, stamps, text, time, uuid } from './fields';
import { memberKeys, wordKeys } from './keys';
import { table } from './table';

/** The shop's settings: one row per name (time zone, rates, storage terms, the documents' header). */
export const config = table({
  name: 'config',
  level: 1,
  fields: {
    id: uuid().primaryKey(),
    name: text(),
    title: text(),
    description: text().max(LIMITS.note).default(''),
    amount: real().nullable(),
    ...stamps,
  },
  serverIndexes: [{ name: 'config_name_uq', on: ['name'], unique: true }],
  device: { indexes: ['name'] },
});

/** The services catalogue (SPEC §3): what a request's checklist offers. */
export const services = table({
  name: 'services',
  level: 1,
  fields: {
    id: uuid().primaryKey(),
    title: text().max(LIMITS.title),
    description: text().default(''),
    ...stamps,
  },
  serverIndexes: [{ name: 'services_title_uq', on: ['title'], unique: true }],
  device: { indexes: ['title'] },
});

/** The team (SPEC §5): every level receives it, for the technician list and the names on records. */
export const users = table({
  name: 'users',
  level: 1,
  fields: {
    id: uuid().primaryKey(),
    username: text(),
    permission: int(),
    // a secret: sign-in is the server's alone
    password_hash: text().serverOnly(),
    deleted: bool().default(false),
    ...stamps,
  },
  serverIndexes: [{ name: 'users_username_uq', on: ['username'], unique: true }],
  device: {
    counted: 'live',
    // Members pages a live member through `[list_<column>+id]` and searches the username (issue 13)
    indexes: ['username', 'permission', '[list_id+id]', '[list_username+id]', '[list_permission+id]', '*word_keys'],
    keys: memberKeys,
  },
});

/** The activity log (SPEC §2 Activity): written once, never edited, so no updated_at or version. */
export const sysLog = table({
  name: 'sys_log',
  level: 5,
  fields: {
    id: uuid().primaryKey(),
    category: text(),
    subject: text(),
    predicate: text(),
    username: text().default(''),
    // when the server recorded the line (a change pushed from a device: when it reached the server)
    created_at: time().defaultNow(),
    // when the change was done on the device, bounded (src/domain/doneAt.ts); null where unknown: lines from before
    // issue 30, and writes that did not come from a device's outbox
    done_at: time().nullable(),
  },
  serverIndexes: [
    { name: 'sys_log_category_idx', on: ['category', 'created_at'] },
    // who changed a record's field, and when: the conflict answer reads a record's lines (src/server/http/conflicts.ts)
    { name: 'sys_log_subject_idx', on: ['subject', 'created_at'] },
  ],
  device: {
    counted: 'all',
    // the Activity Log pages newest first by when each line was done (`done_key`: done_at, else created_at, so
    // offline work sits where it was done, not where it synced) and searches the subject and log's words
    indexes: ['[done_key+id]', '[subject+id]', '*word_keys'],
    keys: (l) => ({ word_keys: wordKeys(l.subject, l.predicate), done_key: l.done_at ?? l.created_at }),
  },
});
