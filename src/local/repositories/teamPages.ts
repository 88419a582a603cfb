import { LEVEL_NAMES, isLevel } from '../../domain/levels';
import { rowCountKey, type BayBookDB } from '../db';
import { eachOfPages, readPage, type PageQuery, type TablePages } from './pageReader';
import type { MemberRow } from './team';

/**
 * The Members table's pages (issue 13, src/local/repositories/pageReader.ts): ID, Username and Permission each read
 * their `[list_<column>+id]` index (version 6), which holds only live members (src/domain/model/keys.ts whileLive);
 * the total comes from the counter of live members and the search finds a member by the start of the username.
 */

export const MEMBER_SORTS = { id: 'list_id', username: 'list_username', permission: 'list_permission' } as const;
export type MemberSort = keyof typeof MEMBER_SORTS;

export function teamPages(db: BayBookDB) {
  const spec: TablePages<MemberRow, MemberSort> = {
    table: db.users,
    sorts: MEMBER_SORTS,
    total: async () => (await db.counters.get(rowCountKey('users')))?.n ?? 0,
    searchKeys: ['word_keys'],
    multiKeys: ['word_keys'],
    // the Permission column shows the level's name
    columnText: (m, id) =>
      id === 'permission' && isLevel(m.permission) ? LEVEL_NAMES[m.permission] : String(m[id] ?? ''),
  };
  return {
    /** one page of Members, with the total of live members (or of the matches) */
    memberPage: (q: PageQuery<MemberSort>) => readPage(spec, q),
    /** every live member matching the table's query, a chunk at a time (Export CSV) */
    eachMember: (q: Omit<PageQuery<MemberSort>, 'limit' | 'after' | 'before'>, onChunk: (rows: MemberRow[]) => void) =>
      eachOfPages(spec, q, onChunk),
  };
}
