import { getMeta, setMeta, type BayBookDB } from '../local/db';

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

export async function setUserToken(db: BayBookDB, username: string, token: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const tokens = await getTokens(db);
    tokens[username] = token;
    await setMeta(db, 'tokens', tokens);
  });
}

/** Forgets a token the server refused (401), so that user's entries wait for a new sign-in. */
export async function dropUserToken(db: BayBookDB, username: string, token?: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const tokens = await getTokens(db);
    if (token !== undefined && tokens[username] !== token) return; // a newer sign-in already replaced it
    delete tokens[username];
    await setMeta(db, 'tokens', tokens);
  });
}

/** A usable token for this user, or null. */
export async function validToken(db: BayBookDB, username: string, now = Date.now()): Promise<string | null> {
  const t = (await getTokens(db))[username];
  return t && !tokenExpired(t, now) ? t : null;
}
