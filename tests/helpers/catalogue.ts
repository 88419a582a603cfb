import { routeKey } from '../../src/domain/apiRoutes';
import type { WriteCall } from '../../src/domain/writes/calls';

/** Where the calls devices sent in each `tests/sync/*-writes` file are noted (tests/sync/writeCalls.ts). */
export const WRITE_CALLS_DIR = 'test-output/write-calls';

/**
 * The calls of every `*_CALLS` group and every single `*_CALL` of src/domain/writes (JOB_FIELD_CALLS only points at
 * JOB_CALLS' calls), by route: `modules` is each file's exports by its path. Read by tests/unit/write-catalogue.test.ts
 * and scripts/write-tests.ts.
 */
export function callsByRoute(modules: Record<string, Record<string, unknown>>): Map<string, string[]> {
  const byRoute = new Map<string, string[]>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [group, value] of Object.entries(exports)) {
      const calls = group.endsWith('_CALL') ? { call: value } : value;
      if (!/_CALLS?$/.test(group) || group === 'JOB_FIELD_CALLS') continue;
      for (const [name, call] of Object.entries(calls as Record<string, WriteCall<unknown>>)) {
        const key = routeKey(call.method, call.path);
        byRoute.set(key, [...(byRoute.get(key) ?? []), `${file.split('/').pop()} ${group}.${name}`]);
      }
    }
  }
  return byRoute;
}
