import type { SyncEngine } from '../../sync/engine';
import { decodeToken } from '../../sync/tokenClaims';
import { fetchTransport } from '../../sync/transport';
import { unlockDevice } from './lock';
import { setToken } from './session';

/**
 * The two ways into a session on this device: the password (POST /login, SPEC §7) and, on a shared tablet, a PIN
 * (src/sync/quickSwitch.ts). Either way the engine signs in first — the device's session (meta.session, the name every
 * change is recorded under) is the new member's before any screen of theirs shows — then the token goes to
 * localStorage and the lock screen, if any, goes away.
 */

/** After the engine has signed in as the member: their screens. */
export function enterSession(token: string) {
  setToken(token);
  unlockDevice();
}

/** SPEC §2 Login's call; the server's refusal is thrown as it answered (ApiError with its message). */
export async function passwordSignIn(engine: Pick<SyncEngine, 'signIn'>, form: { username: string; password: string }) {
  const res = await fetchTransport('/api')<{ value: boolean; message: string; token: string }>('POST', '/login', {
    body: form,
  });
  const p = decodeToken(res.data.token) ?? {};
  // keeps the token for this user's queued changes and registers the device; offline the registration retries later
  await engine
    .signIn({ username: p.username ?? form.username, permission: p.permission ?? 1, token: res.data.token })
    .catch(() => undefined);
  enterSession(res.data.token);
}
