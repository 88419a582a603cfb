import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG, fill } from '../../src/domain/messages';
import type { Made } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Uploads are judged by their bytes, never by the name or type the client gives: only raster photos are kept, and
 * what is kept is sharp's re-encoding. Photo bytes are served so that nothing in them can run, and only to the
 * levels that may list the photos of their job or product (SPEC §6).
 */
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/customers")</script></body></html>');
const TAIL = '<html><script>alert("polyglot")</script></html>';

const image = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#2a6' } });
/** a picture as a camera leaves it: with metadata naming its owner */
const camera = (w: number, h: number) => image(w, h).withExif({ IFD0: { Copyright: 'Owner Secretname' } });

describe.each(DATABASES)('photo uploads on %s', (kind) => {
  let s: TestServer;
  let jobId: string;
  let productId: string;
  let jpeg: Buffer;
  const tokens: Record<number, string> = {};

  beforeAll(async () => {
    s = await startServer(kind);
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: { vin: 'VINUPLOAD1', registration: 'UP 1', first_name: 'U', last_name: 'P', contact: '8765551234' },
          mileage: 10,
          service: ['Body work and paint'],
        },
      },
    });
    jobId = job.body.id;
    const product = await s.api<Made>('POST', '/v2/inventory/product', {
      body: { data: { title: 'Wiper', description: 'W1', price: 900, stock: 3, low_stock: 1 } },
    });
    productId = product.body.id;
    jpeg = await image(120, 80).jpeg().toBuffer();
    for (const level of [1, 2, 3]) tokens[level] = await s.userToken(level);
  });
  afterAll(() => s?.close());

  const upload = async (bytes: Buffer, name: string, type: string, owner: 'job' | 'product' = 'job') => {
    const id = newId();
    const fields: Record<string, string> = owner === 'job' ? { job_id: jobId, id } : { product_id: productId, id };
    const res = await s.api('POST', `/upload/${owner === 'job' ? 'service' : 'product'}-photo`, {
      form: { fields, file: { bytes, name, type } },
      key: newId(),
    });
    return { id, ...res };
  };
  const photo = (id: string, size = 'full', token = s.adminToken) =>
    fetch(`${s.url}/api/photo/${id}/${size}`, { headers: { authorization: `Bearer ${token}` } });
  const stored = async (id: string) => Buffer.from(await (await photo(id)).arrayBuffer());
  const listed = async () =>
    ((await s.api('GET', `/servicePhotos/${jobId}`)).body.data as { id: string }[]).map((p) => p.id);

  it.each([
    ['an SVG with a script', SVG, 'dent.svg', 'image/svg+xml', 415, MSG.photoNotRaster],
    ['the same SVG named and typed as PNG', SVG, 'dent.png', 'image/png', 415, MSG.photoNotRaster],
    ['an HTML page named .jpg', HTML, 'dent.jpg', 'image/jpeg', 415, MSG.photoNotRaster],
    [
      'HTML behind a JPEG signature',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]),
      'dent.jpg',
      'image/jpeg',
      400,
      MSG.photoDamaged,
    ],
  ])('refuses %s and stores nothing', async (_name, bytes, name, type, status, message) => {
    const res = await upload(bytes, name, type);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ value: false, message });
    expect(await listed()).not.toContain(res.id);
    expect((await photo(res.id)).status).toBe(404);
  });

  it('refuses a truncated JPEG and a GIF (not a camera format), storing nothing', async () => {
    const cut = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg');
    expect(cut).toMatchObject({ status: 400, body: { message: MSG.photoDamaged } });
    const gif = await upload(await image(20, 20).gif().toBuffer(), 'anim.jpg', 'image/jpeg');
    expect(gif).toMatchObject({ status: 415, body: { message: MSG.photoNotRaster } });
    const ids = await listed();
    expect(ids).not.toContain(cut.id);
    expect(ids).not.toContain(gif.id);
  });

  it('refuses a picture past 64 megapixels (a small PNG that decodes to 8001 × 8000) by its size, storing nothing', async () => {
    const bomb = await sharp({ create: { width: 8001, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const res = await upload(bomb, 'big.png', 'image/png');
    expect(res).toMatchObject({ status: 400, body: { message: fill(MSG.photoTooManyPixels, { max: 64 }) } });
    expect(await listed()).not.toContain(res.id);
  });

  it('refuses a form without its boundary or cut short with 400 and what to send (no 500), the logo upload too', async () => {
    const post = (path: string, contentType: string, body: string) =>
      fetch(`${s.url}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.adminToken}`, 'idempotency-key': newId(), 'content-type': contentType },
        body,
      });
    const before = await listed();
    const cut = `--x\r\nContent-Disposition: form-data; name="job_id"\r\n\r\n${jobId}\r\n--x\r\nContent-Disposition: form-data; name="myfile"; filename="a.jpg"\r\n\r\n\xff\xd8\xff`;
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const photo = await post('/upload/service-photo', type, cut);
      expect([photo.status, await photo.json()], type).toEqual([400, { value: false, message: MSG.photoNotForm }]);
      const logo = await post('/shop-logo', type, cut);
      expect([logo.status, await logo.json()], type).toMatchObject([400, { value: false }]);
    }
    expect(await listed()).toEqual(before);
    expect((await s.api('GET', '/health', { token: null })).status).toBe(200);
  });

  it.each([
    ['JPEG', () => camera(120, 80).jpeg().toBuffer(), 'image/jpeg', 'jpeg'],
    ['PNG', () => camera(90, 60).png().toBuffer(), 'image/png', 'png'],
    ['WebP', () => camera(64, 48).webp().toBuffer(), 'image/webp', 'webp'],
    ['AVIF (stored as JPEG)', () => camera(64, 48).avif().toBuffer(), 'image/jpeg', 'jpeg'],
  ])('keeps a %s re-encoded: other bytes, same picture, no metadata', async (_name, make, mime, format) => {
    const bytes = await make();
    expect(bytes.includes('Secretname')).toBe(true);
    // the client's name and type say nothing: a PNG sent as "photo.jpg" image/jpeg is still read as PNG
    const res = await upload(bytes, 'photo.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const full = await photo(res.id);
    expect(full.headers.get('content-type')).toBe(mime);
    const kept = Buffer.from(await full.arrayBuffer());
    expect(kept.equals(bytes)).toBe(false);
    const [before, after] = await Promise.all([sharp(bytes).metadata(), sharp(kept).metadata()]);
    expect(after).toMatchObject({ format, width: before.width, height: before.height });
    expect(after.exif).toBeUndefined();
    expect(kept.includes('Secretname')).toBe(false);
  });

  it('keeps an iPad HEIC photo as JPEG: the same picture, decoded by libheif, and refuses a cut one', async () => {
    const heic = readFileSync(new URL('../fixtures/camera.heic', import.meta.url));
    const res = await upload(heic, 'IMG_0001.HEIC', 'image/heic');
    expect(res.status).toBe(200);
    const kept = await stored(res.id);
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    const { data } = await sharp(kept).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3)];
    const [left, right] = [at(8, 24), at(56, 24)];
    expect(left[0]).toBeGreaterThan(150);
    expect(left[2]).toBeLessThan(80);
    expect(right[2]).toBeGreaterThan(150);
    expect(right[0]).toBeLessThan(80);
    const cut = await upload(heic.subarray(0, Math.floor(heic.length * 0.6)), 'IMG_0002.HEIC', 'image/heic');
    expect(cut).toMatchObject({ status: 400, body: { message: MSG.photoDamaged } });
    expect(await listed()).not.toContain(cut.id);
  });

  it('keeps a PNG with a polyglot tail as the picture alone, and bakes the camera orientation in', async () => {
    const png = await image(90, 60).png().toBuffer();
    const res = await upload(Buffer.concat([png, Buffer.from(TAIL)]), 'tail.png', 'image/png');
    expect(res.status).toBe(200);
    const kept = await stored(res.id);
    expect(kept.includes('<script')).toBe(false);
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'png', width: 90, height: 60 });
    // EXIF orientation 6 (turned 90°): the stored picture stands as the camera meant, with no tag left to read
    const turned = await upload(
      await image(120, 80).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
      'turned.jpg',
      'image/jpeg',
    );
    const meta = await sharp(await stored(turned.id)).metadata();
    expect(meta).toMatchObject({ width: 80, height: 120 });
    expect(meta.orientation).toBeUndefined();
  });

  it('serves photo bytes inline under a name of its own, unsniffed, under a policy that runs nothing', async () => {
    const res = await upload(jpeg, 'a "quoted"\r\nname.jpg', 'image/jpeg');
    for (const [size, mime, ext] of [
      ['full', 'image/jpeg', 'jpg'],
      ['thumb', 'image/webp', 'webp'],
    ]) {
      const r = await photo(res.id, size);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe(mime);
      expect(r.headers.get('content-disposition')).toBe(`inline; filename="photo-${res.id}-${size}.${ext}"`);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    }
  });

  it("lets only the levels that list a job's or product's photos read them by id (SPEC §6: level 3 and up)", async () => {
    const job = await upload(jpeg, 'j.jpg', 'image/jpeg');
    const product = await upload(jpeg, 'p.jpg', 'image/jpeg', 'product');
    expect(product.status).toBe(200);
    for (const level of [1, 2]) {
      expect((await s.api('GET', `/servicePhotos/${jobId}`, { token: tokens[level] })).status).toBe(403);
      expect((await s.api('GET', `/productPhotos/${productId}`, { token: tokens[level] })).status).toBe(403);
      for (const id of [job.id, product.id, newId()]) {
        for (const size of ['full', 'thumb'])
          expect((await photo(id, size, tokens[level])).status, `level ${level} ${size}`).toBe(403);
      }
    }
    // nor do their devices receive the photos' rows in the pull
    const pulled = async (level: number) =>
      JSON.stringify((await s.api('GET', '/v3/sync/changes?since=0&limit=1000', { token: tokens[level] })).body);
    for (const level of [1, 2]) for (const id of [job.id, product.id]) expect(await pulled(level)).not.toContain(id);
    for (const id of [job.id, product.id]) expect(await pulled(3)).toContain(id);
    expect((await s.api('GET', `/servicePhotos/${jobId}`, { token: tokens[3] })).status).toBe(200);
    expect((await s.api('GET', `/productPhotos/${productId}`, { token: tokens[3] })).status).toBe(200);
    for (const id of [job.id, product.id]) {
      const r = await photo(id, 'thumb', tokens[3]);
      expect(r.status).toBe(200);
      expect((await sharp(Buffer.from(await r.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });
});
