import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where photo bytes live. Files under the data dir by default; the interface is small so an S3-compatible store
 * can replace it when several server instances share one database (docs/ARCHITECTURE.md).
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
