import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'src/server');

/**
 * Names a made-once database by what made it: the files (`.sql`, `.ts`) in these folders of src/server and any
 * `extra` words, so a new migration (or a new seed, for the product's data dir) makes a new one; and by PGlite's
 * version, whose data dir another version may not read.
 */
export function sourcesKey(folders: string[], extra: string[] = []): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const folder of folders) {
    const dir = join(SERVER, folder);
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.sql') || n.endsWith('.ts'))
      .sort()) {
      hash
        .update(folder)
        .update(name)
        .update(readFileSync(join(dir, name)));
    }
  }
  for (const word of extra) hash.update(word);
  return hash.digest('hex').slice(0, 16);
}
