import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import type { Data, ListedProduct, Made, Page, Row } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import { nth } from '../helpers/present';

describe.each(DATABASES)('photos on %s', (kind) => {
  let s: TestServer;
  let jobId: string;
  let jpeg: Buffer;
  beforeAll(async () => {
    s = await startServer(kind);
    const job = await s.api<Made>('POST', '/service', {
      body: {
        data: {
          customer: { vin: 'VINPHOTO1', registration: 'PH 1', first_name: 'P', last_name: 'H', contact: '8765551234' },
          mileage: 10,
          service: ['Body work and paint'],
        },
      },
    });
    jobId = job.body.id;
    jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => s?.close());

  const upload = (
    bytes: Buffer,
    name: string,
    fields: Record<string, string>,
    type = 'image/jpeg',
    path = '/upload/service-photo',
  ) => s.api('POST', path, { form: { fields, file: { bytes, name, type } }, key: newId() });

  it('stores a photo with a thumbnail and lists it on the job', async () => {
    const id = newId();
    const res = await upload(jpeg, 'bumper.jpg', { job_id: jobId, id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, src: `/api/photo/${id}/full`, thumbnail: `/api/photo/${id}/thumb` });
    const list = await s.api<Data<Row<'service_photos'>[]>>('GET', `/servicePhotos/${jobId}`);
    expect(list.body.data.map((p) => p.id)).toEqual([id]);
    const thumb = await fetch(`${s.url}/api/photo/${id}/thumb`, {
      headers: { authorization: `Bearer ${s.adminToken}` },
    });
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(256);
    const full = await fetch(`${s.url}/api/photo/${id}/full`, { headers: { authorization: `Bearer ${s.adminToken}` } });
    // kept as sharp re-encoded it (tests/api/uploads.test.ts): the same picture, not the same bytes
    expect(await sharp(Buffer.from(await full.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
    const del = await s.api('DELETE', '/servicePhoto', { body: { id } });
    expect(del.status).toBe(200);
    expect((await s.api('GET', `/servicePhotos/${jobId}`)).body.data).toEqual([]);
  });

  it('refuses a file of 10,000,000 + 1 bytes with the SPEC message', async () => {
    const big = Buffer.alloc(10_000_001, 0xff);
    jpeg.copy(big);
    const res = await upload(big, 'huge.jpg', { job_id: jobId });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MSG.fileTooLarge);
  });

  it('refuses a photo for a job that does not exist, and JSON sent to the upload', async () => {
    const res = await upload(jpeg, 'x.jpg', { job_id: newId() });
    expect(res.status).toBe(404);
    const json = await s.api('POST', '/upload/service-photo', { body: { job_id: jobId } });
    expect(json.status).toBe(400);
  });

  it('keeps product photos the same way: upload, list, thumbnail in the inventory list, delete', async () => {
    const product = await s.api<Made>('POST', '/v2/inventory/product', {
      body: { data: { title: 'Headlamp', description: 'H4', price: 2500, stock: 2, low_stock: 1 } },
    });
    const id = newId();
    const up = await upload(
      jpeg,
      'lamp.jpg',
      { product_id: product.body.id, id },
      'image/jpeg',
      '/upload/product-photo',
    );
    expect(up.status).toBe(200);
    const photos = await s.api<Data<Row<'product_photos'>[]>>('GET', `/productPhotos/${product.body.id}`);
    expect(photos.body.data.map((p) => p.id)).toEqual([id]);
    const page = await s.api<Data<Page<ListedProduct>>>('GET', '/v2/inventory/products_?search=Headlamp');
    expect(nth(page.body.data.data, 0).thumbnail).toBe(`/api/photo/${id}/thumb`);
    expect((await s.api('DELETE', '/productPhoto', { body: { id } })).status).toBe(200);
    expect((await s.api('GET', `/productPhotos/${product.body.id}`)).body.data).toEqual([]);
  });
});
