import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/** A GET as a client sends it, with the raw bytes on the wire (fetch would decode them and hide the size). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          bytes: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe.each(DATABASES)('compressed responses (issue 16) on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
    // some rows in the feed: a first sync is mostly this JSON
    for (let i = 0; i < 40; i++) {
      await s.api('POST', '/customer', {
        body: {
          data: {
            VIN: `1HGCM82633A${String(100000 + i)}`,
            'Registration Number': `CZ ${1000 + i}`,
            'First name': 'Ann',
            'Last name': `Lee${i}`,
            'Contact number': '8765551234',
            Email: '',
          },
        },
      });
    }
  });
  afterAll(() => s?.close());

  const feed = () => `${s.url}/api/v3/sync/changes?since=0&limit=500`;
  const auth = () => ({ authorization: `Bearer ${s.adminToken}` });

  it('sends the sync feed in brotli, else gzip, else plain — the same JSON each way, far smaller', async () => {
    const plain = await rawGet(feed(), { ...auth(), 'accept-encoding': 'identity' });
    const br = await rawGet(feed(), { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(feed(), { ...auth(), 'accept-encoding': 'gzip' });
    expect([plain.status, br.status, gz.status]).toEqual([200, 200, 200]);
    expect([plain.encoding, br.encoding, gz.encoding]).toEqual([undefined, 'br', 'gzip']);
    const json = JSON.parse(plain.bytes.toString());
    expect(json.data?.length ?? json.changes?.length ?? 0).toBeGreaterThan(40);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(json);
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(json);
    console.log(
      `sync feed page: ${plain.bytes.length} B plain, ${gz.bytes.length} B gzip, ${br.bytes.length} B brotli`,
    );
    expect(br.bytes.length * 4).toBeLessThan(plain.bytes.length);
  });

  it("takes the client's word on each encoding: q=0 refuses one, and nothing acceptable means plain", async () => {
    const took = async (accept: string) => (await rawGet(feed(), { ...auth(), 'accept-encoding': accept })).encoding;
    expect(await took('br;q=0, gzip')).toBe('gzip');
    expect(await took('GZIP;q=0.5')).toBe('gzip');
    expect(await took('br;q=0, gzip;q=0')).toBeUndefined();
    expect(await took('deflate')).toBeUndefined();
  });

  it('leaves a small answer as it is', async () => {
    const health = await rawGet(`${s.url}/api/health`, { 'accept-encoding': 'br' });
    expect(health.status).toBe(200);
    expect(health.encoding).toBeUndefined();
    expect(JSON.parse(health.bytes.toString())).toBeTruthy();
  });
});
