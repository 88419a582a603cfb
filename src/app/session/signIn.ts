import { MSG, fill } from '../../domain/messages';
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

/**
 * The engine's sign-in, tried once more when the device's database refuses it; the second refusal is thrown in
 * words. It used to be dropped and the screens entered all the same: a device whose session was never written
 * pulled nothing, forever, under "All changes on the server" (issue 35). The device's registration failing is not a
 * refusal: offline, or with the server slow, the engine registers at its next cycle.
 */
export async function signInDevice(engine: Pick<SyncEngine, 'signIn'>, session: Parameters<SyncEngine['signIn']>[0]) {
  try {
    await engine.signIn(session);
  } catch {
    await engine.signIn(session).catch((err: unknown) => {
      throw new Error(fill(MSG.signInNotKept, { reason: err instanceof Error ? err.message : String(err) }));
    });
  }
}

/** SPEC §2 Login's call; the server's refusal is thrown as it answered (ApiError with its message). */
export async function passwordSignIn(engine: Pick<SyncEngine, 'signIn'>, form: { username: string; password: string }) {
  const res = await fetchTransport('/api')<{ value: boolean; message: string; token: string }>('POST', '/login', {
    body: form,
  });
  const p = decodeToken(res.data.token) ?? {};
  await signInDevice(engine, {
    username: p.username ?? form.username,
    permission: p.permission ?? 1,
    token: res.data.token,
  });
  enterSession(res.data.token);
}
