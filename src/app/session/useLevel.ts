import { useSession } from './session';

/** The signed-in user's permission level (0 when signed out): what a screen asks before it offers a level's action. */
export function useLevel(): number {
  return useSession()?.permission ?? 0;
}
