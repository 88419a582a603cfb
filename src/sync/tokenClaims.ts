/**
 * What a session token says, read on the device without the database: the session (src/app/session) needs it in the
 * first load, which must not carry Dexie (issue 13's bundle budget). The server verifies; the device only reads.
 */

export interface TokenPayload {
  username?: string;
  permission?: number;
  exp?: number;
}

function base64UrlDecode(s: string): string {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
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
