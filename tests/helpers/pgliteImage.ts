import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../src/server/db/client';

const MIGRATIONS = resolve(import.meta.dirname, '../../src/server/db/migrations');

/** Names the image by the migrations it holds, so a new migration makes a new image. */
function imageKey(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

let cached: Blob | undefined;

/**
 * A migrated, empty PGlite data dir, made once per set of migrations and kept in the temp dir across test files and
 * runs. A fresh in-memory PGlite runs initdb (2–3 s on a quiet machine, 7–10 s on CI's loaded cores); loading this
 * image takes a fraction of that, and each API and sync test file starts one or more servers.
 */
export async function pgliteImage(): Promise<Blob> {
  if (cached) return cached;
  const file = join(tmpdir(), `baybook-pglite-${imageKey()}.tar`);
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
