import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { sourcesKey } from './sourcesKey';

let cached: Blob | undefined;

/**
 * A migrated, empty PGlite data dir, made once per set of migrations and kept in the temp dir across test files and
 * runs. A fresh in-memory PGlite runs initdb (2–3 s on a quiet machine, 7–10 s on CI's loaded cores); loading this
 * image takes a fraction of that, and each API and sync test file starts one or more servers.
 */
export async function pgliteImage(): Promise<Blob> {
  if (cached) return cached;
  const file = join(tmpdir(), `baybook-pglite-${sourcesKey(['db/migrations'])}.tar`);
  if (!existsSync(file)) {
    const database = await openDatabase({ dataDir: 'memory://' });
    if (!database.dump) throw new Error('a PGlite image needs PGlite');
    const dump = await database.dump();
    await database.close();
    // another worker may be writing the same image: each writes its own file and the rename is atomic
    const part = `${file}.${process.pid}`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, file);
  }
  cached = new Blob([readFileSync(file)]);
  return cached;
}
