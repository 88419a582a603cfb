/** Staff permission levels (SPEC §1, §6). Level 1 exists but has no name and is never shown. */
export type Level = 1 | 2 | 3 | 4 | 5;

export const LEVEL_NAMES: Record<Level, string> = {
  1: '',
  2: 'Customer Rep',
  3: 'Service Agent',
  4: 'Admin',
  5: 'Super Admin',
};

/** Levels a team member may be given from the Add Member form (SPEC §5: permission chosen from 2 to 5). */
export const ASSIGNABLE_LEVELS: readonly Level[] = [2, 3, 4, 5];

/** BayBook always keeps one member of the top level (SPEC §2 Members). */
export const SUPER_ADMIN_LEVEL: Level = 5;

/** The technician list is made of level-3 users (SPEC §6). */
export const TECHNICIAN_LEVEL: Level = 3;

export function isLevel(n: unknown): n is Level {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 5;
}
