import { getMeta, setMeta, type BayBookDB } from '../local/db';

/**
 * Tokens per username, kept on the device so each outbox entry replays with the token of the staff member who made
 * it (DESIGN.md). Set at sign-in; an expired or refused token holds that user's entries until they sign in again.
 */

export interface TokenPayload {
  username?: string;
  permission?: number;
  exp?: number;
}

function base64UrlDecode(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT, unverified (the server verifies; the device only reads exp and the username). */
export function decodeToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    return JSON.parse(base64UrlDecode(parts[1])) as TokenPayload;
  } catch {
    return null;
  }
}

/** A request does not leave with a token about to run out: a token counts as expired this long before its exp. */
export const TOKEN_MARGIN_MS = 30_000;

/** Until when a token is usable (ms since epoch, margin taken off): 0 when missing or unreadable, Infinity without exp. */
export function tokenUsableUntil(token: string | null | undefined, marginMs = TOKEN_MARGIN_MS): number {
  if (!token) return 0;
  const p = decodeToken(token);
  if (!p) return 0;
  if (typeof p.exp !== 'number') return Infinity;
  return p.exp * 1000 - marginMs;
}

/** Expired (or unreadable) tokens; a 30 s margin so a request does not leave with a token about to run out. */
export function tokenExpired(token: string | null | undefined, now = Date.now(), marginMs = TOKEN_MARGIN_MS): boolean {
  return tokenUsableUntil(token, marginMs) <= now;
}

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
