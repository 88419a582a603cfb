import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { buildApp } from '../../src/server/app';
import { blobStoreFor } from '../../src/server/blobs';
import { parseS3, type S3Config } from '../../src/server/config';
import type { Made } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

/**
 * Issue 16: photos (and the shop's logo) in an S3-compatible bucket, shared by every instance, tested against
 * s3rver, a local S3-compatible server that checks each request's SigV4 signature with its key pair S3RVER/S3RVER.
 */

const S3_ENV = {
  BAYBOOK_S3_ENDPOINT: 'http://127.0.0.1:9000',
  BAYBOOK_S3_BUCKET: 'baybook-photos',
  BAYBOOK_S3_ACCESS_KEY_ID: 'key',
  BAYBOOK_S3_SECRET_ACCESS_KEY: 'secret',
};

describe('BAYBOOK_S3_* settings', () => {
  it('are off when none is set, and the region defaults to us-east-1', () => {
    expect(parseS3({})).toBeUndefined();
    expect(parseS3({ ...S3_ENV, BAYBOOK_S3_ENDPOINT: 'https://s3.example.com/' })).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'baybook-photos',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('refuse half a setting, naming what is missing', () => {
    expect(() => parseS3({ BAYBOOK_S3_BUCKET: 'baybook-photos', BAYBOOK_S3_REGION: 'eu-west-1' })).toThrow(
      /need BAYBOOK_S3_ENDPOINT, BAYBOOK_S3_ACCESS_KEY_ID, BAYBOOK_S3_SECRET_ACCESS_KEY too/,
    );
    expect(() => parseS3({ ...S3_ENV, BAYBOOK_S3_SECRET_ACCESS_KEY: ' ' })).toThrow(
      /need BAYBOOK_S3_SECRET_ACCESS_KEY too/,
    );
  });

  it('refuse an endpoint that is not an http(s) address, and a bucket name S3 would refuse', () => {
    expect(() => parseS3({ ...S3_ENV, BAYBOOK_S3_ENDPOINT: 's3.example.com' })).toThrow(
      'BAYBOOK_S3_ENDPOINT must be the store\'s http:// or https:// address (e.g. https://s3.eu-west-1.amazonaws.com), not "s3.example.com".',
    );
    expect(() => parseS3({ ...S3_ENV, BAYBOOK_S3_BUCKET: 'Photos_1' })).toThrow(/BAYBOOK_S3_BUCKET must be a bucket/);
  });
});

describe.each(DATABASES)('photos in an S3-compatible bucket on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'baybook-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'baybook-photos' }],
  });
  let s3: S3Config;
  let s: TestServer;
  /** a second app on the same database with blobs of its own: it can serve a photo only from the bucket */
  let other: FastifyInstance;
  let otherUrl: string;
  let jobId: string;
  /** the bucket as an operator's tool sees it, signed with the same keys */
  const object = async (key: string) => {
    const client = new AwsClient({ ...keys, service: 's3', region: 'us-east-1' });
    const res = await client.fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
    return res.ok ? Buffer.from(await res.arrayBuffer()) : (await res.arrayBuffer(), res.status);
  };
  const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  beforeAll(async () => {
    const { port } = (await s3rver.run()) as AddressInfo;
    s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: 'baybook-photos', region: 'us-east-1', ...keys };
    s = await startServer(kind, { s3 });
    other = await buildApp({ database: s.database, config: s.config });
    await other.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: {
            vin: 'VINS3PHOTO1',
            registration: 'S3 1',
            first_name: 'S',
            last_name: 'T',
            contact: '8765551234',
          },
          mileage: 10,
          service: ['Body work and paint'],
        },
      },
    });
    jobId = job.body.id;
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
    await s3rver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (path: string, bytes: Buffer, fields: Record<string, string> = {}) =>
    s.api('POST', path, { form: { fields, file: { bytes, name: 'picture.png', type: 'image/png' } }, key: newId() });
  const read = async (base: string, path: string) => {
    const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${s.adminToken}` } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const png = (background: string) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background } })
      .png()
      .toBuffer();

  it('keeps a photo in the bucket, served by every instance, and removes it with its job photo', async () => {
    const id = newId();
    const res = await upload('/upload/service-photo', await png('#0a0'), { job_id: jobId, id });
    expect(res).toMatchObject({ status: 200, body: { id } });
    const full = await object(`${id}-full`);
    const thumb = await object(`${id}-thumb`);
    expect(Buffer.isBuffer(full) && Buffer.isBuffer(thumb)).toBe(true);
    if (kind === 'postgres') {
      const { rows } = (await s.database.db.execute(sql`select count(*)::int as n from photo_blobs`)) as {
        rows: { n: number }[];
      };
      expect(nth(rows, 0).n).toBe(0);
    }
    for (const base of [s.url, otherUrl]) {
      expect(await read(base, `/photo/${id}/full`)).toEqual({ status: 200, bytes: full });
      expect(await read(base, `/photo/${id}/thumb`)).toEqual({ status: 200, bytes: thumb });
    }
    expect((await s.api('DELETE', '/servicePhoto', { body: { id } })).status).toBe(200);
    expect((await read(otherUrl, `/photo/${id}/full`)).status).toBe(404);
  });

  it("keeps the shop's logo there too: uploaded on one instance, read on the other, removed from the bucket", async () => {
    expect((await read(otherUrl, '/shop-logo')).status).toBe(204);
    expect((await upload('/shop-logo', await png('#00c'))).status).toBe(200);
    const stored = await object('shop-logo');
    expect(Buffer.isBuffer(stored)).toBe(true);
    expect(await read(otherUrl, '/shop-logo')).toEqual({ status: 200, bytes: stored });
    expect((await s.api('DELETE', '/shop-logo')).status).toBe(200);
    expect(await object('shop-logo')).toBe(404);
    expect((await read(otherUrl, '/shop-logo')).status).toBe(204);
  });

  // s3rver parses each request's SigV4 Authorization and knows its access key, but does not recompute the signature:
  // an unknown key is what it can refuse
  it('tells what the store refused: a bucket that is not there, a key it does not know', async () => {
    const missing = blobStoreFor(s.database, { ...s.config, s3: { ...s3, bucket: 'no-such-bucket' } });
    await expect(missing.put('probe', Buffer.from('x'))).rejects.toThrow(
      'the S3 store answered PUT probe with 404 NoSuchBucket',
    );
    const stranger = blobStoreFor(s.database, { ...s.config, s3: { ...s3, accessKeyId: 'NOBODY' } });
    await expect(stranger.get('probe')).rejects.toThrow('the S3 store answered GET probe with 403 InvalidAccessKeyId');
  });
});
