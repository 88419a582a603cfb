import { appendFileSync, mkdirSync } from 'node:fs';
import { basename } from 'node:path';
import { expect } from 'vitest';
import { WRITE_CALLS_DIR } from '../helpers/catalogue';

/**
 * Notes a call a test device sent to the server while a `tests/sync/*-writes.test.ts` file runs (one line
 * `METHOD /path` in a file named after the test file): scripts/write-tests.ts reads them after the sync suite and
 * fails naming any catalogue call no such file sent, so a write cannot lose its device-vs-server test unnoticed.
 */
export function noteSentCall(method: string, pathname: string): void {
  const file = expect.getState().testPath;
  if (!file?.endsWith('-writes.test.ts')) return;
  mkdirSync(WRITE_CALLS_DIR, { recursive: true });
  appendFileSync(
    `${WRITE_CALLS_DIR}/${basename(file, '.test.ts')}.txt`,
    `${method} ${pathname.replace(/^\/api/, '')}\n`,
  );
}
