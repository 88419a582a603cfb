import { getMeta, type BayBookDB, type MetaRow } from '../local/db';

/**
 * Tokens per username, kept on the device so each outbox entry replays with the token of the staff member who made
 * it (DESIGN.md). Set at sign-in; an expired or refused token holds that user's entries until they sign in again.
 */

// the shell reads claims from ./tokenClaims; the outbox and the engine take these two with the stored tokens
export { tokenExpired, tokenUsableUntil } from './tokenClaims';
import { tokenExpired } from './tokenClaims';

export async function getTokens(db: BayBookDB): Promise<Record<string, string>> {
  return getMeta<Record<string, string>>(db, 'tokens', {});
}

/**
 * Keeps `token` as `username`'s, with any other meta rows the same moment writes (the sign-in's session) in the same
 * transaction: a sign-in never keeps the token without the session. Every read and write goes through the
 * transaction's own table, chained on Dexie's promises with no async function of ours awaited in between: with
 * `await getTokens(db)` inside, a slowed browser (issue 35: the whole browser at 4–6× CPU, other Dexie work resolving
 * at the same moment) sometimes lost Dexie's track of the transaction, the token's write went outside it, and the
 * transaction rejected with PrematureCommitError after the token was kept; the sign-in never wrote the session.
 */
export function setUserToken(
  db: BayBookDB,
  username: string,
  token: string,
  withRows: Record<string, unknown> = {},
): Promise<void> {
  return db.transaction('rw', db.meta, (tx) => {
    const meta = tx.table<MetaRow, string>('meta');
    return meta.get('tokens').then((row) => {
      const tokens = { ...(row?.value as Record<string, string> | undefined), [username]: token };
      const rest = Object.entries(withRows).map(([key, value]) => ({ key, value }));
      return meta.bulkPut([{ key: 'tokens', value: tokens }, ...rest]).then(() => undefined);
    });
  });
}

/** Forgets a token the server refused (401), so that user's entries wait for a new sign-in. */
export function dropUserToken(db: BayBookDB, username: string, token?: string): Promise<void> {
  // bound to its transaction as setUserToken is
  return db.transaction('rw', db.meta, (tx) => {
    const meta = tx.table<MetaRow, string>('meta');
    return meta.get('tokens').then((row) => {
      const tokens = { ...(row?.value as Record<string, string> | undefined) };
      if (token !== undefined && tokens[username] !== token) return; // a newer sign-in already replaced it
      delete tokens[username];
      return meta.put({ key: 'tokens', value: tokens }).then(() => undefined);
    });
  });
}

/** A usable token for this user, or null. */
export async function validToken(db: BayBookDB, username: string, now = Date.now()): Promise<string | null> {
  const t = (await getTokens(db))[username];
  return t && !tokenExpired(t, now) ? t : null;
}
