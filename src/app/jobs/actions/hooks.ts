import { useSession } from '../../session/session';

/** The signed-in user's permission level (0 when signed out). */
export function useLevel(): number {
  return useSession()?.permission ?? 0;
}

/** The message of anything thrown (repository refusals are LocalWriteErrors with SPEC's words). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
