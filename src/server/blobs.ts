import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { sql } from 'drizzle-orm';
import type { S3Config, ServerConfig } from './config';
import type { Database, Db } from './db/client';
import { sqlRows } from './db/sqlRows';

/**
 * Where photo bytes (and the shop's logo, routes/logo.ts) live: files under the data dir on PGlite (one process;
 * backup.ts copies them), the database itself on PostgreSQL, so every instance on it serves every photo and the
 * database's backup holds them, or an S3-compatible bucket when BAYBOOK_S3_* is set (docs/DEPLOY.md).
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
      const rows = await sqlRows<{ bytes: Uint8Array }>(db, sql`select bytes from photo_blobs where id = ${safe(id)}`);
      if (rows[0]) return Buffer.from(rows[0].bytes);
      return before ? before.get(id) : null;
    },
    async delete(id) {
      await db.execute(sql`delete from photo_blobs where id = ${safe(id)}`);
      await before?.delete(id);
    },
  };
}

/**
 * Photo bytes as objects of an S3-compatible bucket, path-style (`endpoint/bucket/id`, which every such store
 * serves; virtual-host style needs DNS per bucket), each request signed with SigV4 by aws4fetch. `before` is where
 * bytes were kept until now, read when the bucket has no such object and cleared on delete (as databaseBlobStore).
 */
function s3BlobStore(s3: S3Config, before?: BlobStore): BlobStore {
  // a few retries (aws4fetch backs off on 5xx and 429); its default of 10 would hold an upload for a minute
  const { accessKeyId, secretAccessKey, region } = s3;
  const client = new AwsClient({ accessKeyId, secretAccessKey, region, service: 's3', retries: 3 });
  const url = (id: string) => `${s3.endpoint}/${encodeURIComponent(s3.bucket)}/${safe(id)}`;
  const send = async (method: 'PUT' | 'GET' | 'DELETE', id: string, body?: Buffer) => {
    const res = await client.fetch(url(id), {
      method,
      ...(body ? { body: new Uint8Array(body), headers: { 'Content-Type': 'application/octet-stream' } } : {}),
    });
    if (res.ok || (res.status === 404 && method !== 'PUT')) return res;
    // S3's error is XML with a <Code> (AccessDenied, NoSuchBucket…): enough to tell the operator what is wrong
    const code = /<Code>([^<]*)<\/Code>/.exec(await res.text())?.[1] ?? res.statusText;
    throw new Error(`the S3 store answered ${method} ${id} with ${res.status} ${code}`);
  };
  return {
    async put(id, bytes) {
      await (await send('PUT', id, bytes)).arrayBuffer();
    },
    async get(id) {
      const res = await send('GET', id);
      if (res.ok) return Buffer.from(await res.arrayBuffer());
      await res.arrayBuffer();
      return before ? before.get(id) : null;
    },
    async delete(id) {
      await (await send('DELETE', id)).arrayBuffer();
      await before?.delete(id);
    },
  };
}

/**
 * The store a server uses: the bucket when one is configured, else the database on PostgreSQL (shared by every
 * instance), else the data dir (or memory) on PGlite. Each reads photos kept by the one before it.
 */
export function blobStoreFor(database: Database, config: ServerConfig): BlobStore {
  const files = config.dataDir === 'memory://' ? memoryBlobStore() : fileBlobStore(join(config.dataDir, 'blobs'));
  const local = database.kind === 'postgres' ? databaseBlobStore(database.db, files) : files;
  return config.s3 ? s3BlobStore(config.s3, local) : local;
}
