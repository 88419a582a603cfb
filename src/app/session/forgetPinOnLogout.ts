import { useEffect } from 'react';
import type { BayBookDB } from '../../local/db';
import { pinStore } from '../../local/pins';
import { onSessionEnd } from './session';

/**
 * Logout forgets the signed-in member's quick-switch PIN on this device (issue 18), and with it their tile on the
 * "Who is working?" screen: the PIN is a convenience for a member signed in here, so after an explicit sign-out the
 * next use of the tablet needs their password. A session that ends otherwise (a refused or expired token) keeps the
 * PIN: the lock screen asks for the password then anyway, and the PIN serves again after it. The token stays either
 * way, for the member's queued changes.
 */
export function useForgetPinOnLogout(db: BayBookDB, username: string | undefined) {
  useEffect(() => {
    if (!username) return;
    return onSessionEnd(async (reason) => {
      if (reason === 'logout') await pinStore(db).forget(username);
    });
  }, [db, username]);
}
