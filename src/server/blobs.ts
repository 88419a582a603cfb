import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './db/client';

/**
 * Where photo bytes (and the shop's logo, routes/logo.ts) live: files under the data dir on PGlite (one process;
 * backup.ts copies them), the database itself on PostgreSQL, so every instance on it serves every photo and the
 * database's backup holds them (docs/DEPLOY.md). The interface is small so an S3-compatible store can replace it.
 */
export interface BlobStore {
  put(id: string, bytes: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
}

const safe = (id: string) => {
  if (!/^[A-Za-z0-9_.-]+$/.test(id)) throw new Error(`bad blob id ${id}`);
  return id;
};

export function fileBlobStore(dir: string): BlobStore {
  const ready = mkdir(dir, { recursive: true });
  return {
    async put(id, bytes) {
      await ready;
      await writeFile(join(dir, safe(id)), bytes);
    },
    async get(id) {
      try {
        return await readFile(join(dir, safe(id)));
      } catch {
        return null;
      }
    },
    async delete(id) {
      await rm(join(dir, safe(id)), { force: true });
    },
  };
}

export function memoryBlobStore(): BlobStore {
  const m = new Map<string, Buffer>();
  return {
    put: async (id, bytes) => void m.set(safe(id), bytes),
    get: async (id) => m.get(id) ?? null,
    delete: async (id) => void m.delete(id),
  };
}

/**
 * Photo bytes in PostgreSQL's photo_blobs table (migration 0003, written by hand: it is not in schema.ts, and only
 * this store reads it). `before` is where bytes were kept until now (the data dir's files): a photo not in the table
 * is read from there, so photos uploaded before the move to this store keep showing.
 */
export function databaseBlobStore(db: Db, before?: BlobStore): BlobStore {
  return {
    async put(id, bytes) {
      await db.execute(
        sql`insert into photo_blobs (id, bytes) values (${safe(id)}, ${bytes}) on conflict (id) do update set bytes = excluded.bytes`,
      );
    },
    async get(id) {
      const { rows } = (await db.execute(sql`select bytes from photo_blobs where id = ${safe(id)}`)) as {
        rows: { bytes: Uint8Array }[];
      };
      if (rows[0]) return Buffer.from(rows[0].bytes);
      return before ? before.get(id) : null;
    },
    async delete(id) {
      await db.execute(sql`delete from photo_blobs where id = ${safe(id)}`);
      await before?.delete(id);
    },
  };
}
