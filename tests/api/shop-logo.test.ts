import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { imagesPerPage, readPdf } from '../helpers/pdfText';
import { DATABASES, startServer, type TestServer } from '../helpers/server';

/**
 * Issue 15: the shop's logo on every document. Level 5 uploads it in Configuration; the server keeps a raster image
 * only (as photos: src/server/images.ts), as a PNG no larger than documents need, and the documents route draws it.
 */
describe.each(DATABASES)('shop logo on %s', (kind) => {
  let s: TestServer;
  let wide: Buffer;
  const VIN = 'VINLOGO0000000001';
  beforeAll(async () => {
    s = await startServer(kind);
    // a wide logo with transparency, larger than documents print
    wide = await sharp({
      create: { width: 1600, height: 400, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const c = await s.api('POST', '/customer', {
      body: { data: { vin: VIN, registration: 'LOGO 1', first_name: 'Lo', last_name: 'Go', contact: '8765551234' } },
    });
    expect(c.status).toBe(200);
  });
  afterAll(() => s?.close());

  const upload = (bytes: Buffer, type: string, token = s.adminToken) =>
    s.api('POST', '/shop-logo', { form: { file: { bytes, name: 'logo', type } }, token, key: newId() });
  const logo = (token: string) => fetch(`${s.url}/api/shop-logo`, { headers: { authorization: `Bearer ${token}` } });
  const history = async () => {
    const res = await fetch(`${s.url}/api/service-history/${VIN}`, {
      headers: { authorization: `Bearer ${s.adminToken}` },
    });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  };

  it('has none at first: 204, and documents print the name alone', async () => {
    expect((await logo(s.adminToken)).status).toBe(204);
    expect(await imagesPerPage(await history())).toEqual([0]);
  });

  it('refuses anything but a raster image, and anyone below level 5', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(svg, 'image/svg+xml')).toMatchObject({ status: 415, body: { message: MSG.photoNotRaster } });
    const html = Buffer.concat([wide.subarray(0, 8), Buffer.from('<html>')]);
    expect((await upload(html, 'image/png')).status).toBe(400);
    expect((await upload(wide, 'image/png', await s.userToken(4))).status).toBe(403);
    expect((await logo(s.adminToken)).status).toBe(204);
  });

  it('keeps a level-5 upload as a PNG of at most 600 × 300, readable from level 1, drawn on the documents', async () => {
    const res = await upload(wide, 'image/png');
    expect(res).toMatchObject({ status: 200, body: { value: true } });
    const got = await logo(await s.userToken(1));
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 150, hasAlpha: true });
    const pdf = await history();
    expect(await imagesPerPage(pdf)).toEqual([1]);
    // the logo stands beside the shop's details, which are all still printed
    expect((await readPdf(pdf)).text).toContain('SERVICE HISTORY');
    const log = await s.api('GET', '/sys-log?category=system');
    expect(JSON.stringify(log.body)).toContain('Shop logo');
  });

  it('is removed by level 5 only; documents then print without it', async () => {
    const four = await s.api('DELETE', '/shop-logo', { body: {}, token: await s.userToken(4) });
    expect(four.status).toBe(403);
    const del = await s.api('DELETE', '/shop-logo', { body: {} });
    expect(del.status).toBe(200);
    expect((await logo(s.adminToken)).status).toBe(204);
    expect(await imagesPerPage(await history())).toEqual([0]);
  });
});
