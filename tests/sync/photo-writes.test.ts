import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { PHOTO_PLACES, type PhotoKind } from '../../src/domain/writes/photos';
import type { BayBookDB } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import type { Said } from '../helpers/answers';
import { DATABASES, startServer, type TestServer } from '../helpers/server';
import {
  customerForm,
  drain,
  memberDevice,
  offlineThenServer,
  onlineDevice,
  refusal,
  user,
  type Device,
} from './helpers';

/**
 * A job's and a product's photos as catalogue writes (src/domain/writes/photos.ts): taken offline on the device,
 * then sent — the device's photo rows before the sync are the server's after it (id and owner: the server keeps
 * its own re-encoded bytes, so src, mime and size are its own), and a refusal — a missing owner or photo, a level
 * below the call's — says the same words on both sides.
 */
describe.each(DATABASES)('photo writes: the same rows on the device and the server (%s)', (kind) => {
  let s: TestServer;
  let d: Device;
  let repos: ReturnType<typeof createRepositories>;
  let png: Buffer;
  beforeAll(async () => {
    s = await startServer(kind);
    d = await onlineDevice(s, 'photo-writes');
    repos = createRepositories(d.db);
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
  });
  afterAll(() => s?.close());

  const image = () => new Blob([new Uint8Array(png)], { type: 'image/png' });

  /** An owner of each kind, synced: a job (with its customer) or a product. */
  async function owner(k: PhotoKind): Promise<string> {
    let id: string;
    if (k === 'service') {
      const customer = (await repos.customers.get(await repos.customers.add(customerForm(`PH ${newId().slice(-5)}`))))!;
      id = (await repos.jobs.create({ customer, service: ['Brakes'], mileage: 1 })).id;
    } else {
      id = (
        await repos.products.add({
          title: `Lamp ${newId().slice(-6)}`,
          description: 'H4',
          price: 1,
          stock: 0,
          low_stock: 0,
        })
      ).id;
    }
    await drain(d);
    return id;
  }

  const photos = (k: PhotoKind, ownerId: string) => async (db: BayBookDB) => {
    const { table, owner: field } = PHOTO_PLACES[k];
    const rows = await db[table].filter((p: Record<string, unknown>) => p[field] === ownerId).toArray();
    return rows.map((p: Record<string, unknown>) => ({ id: p.id, [field]: p[field] }));
  };

  const writes = (k: PhotoKind) =>
    k === 'service'
      ? { add: repos.jobs.addPhoto, remove: repos.jobs.removePhoto }
      : { add: repos.products.addPhoto, remove: repos.products.removePhoto };

  /** The server's answer to the place's upload of `fields` (multipart, as the device's outbox sends it). */
  async function upload(k: PhotoKind, fields: Record<string, string>, token = s.adminToken) {
    const file = { bytes: png, name: 'a.png', type: 'image/png' };
    const res = await s.api<Said>('POST', PHOTO_PLACES[k].add.path, { form: { fields, file }, token, key: newId() });
    return [res.status, res.body.message] as const;
  }

  it.each(['service', 'product'] as const)(
    'a %s photo taken offline, then its delete: the same row, then none',
    async (k) => {
      const ownerId = await owner(k);
      const w = writes(k);
      const added = await offlineThenServer(d, s, photos(k, ownerId), () => w.add(ownerId, image(), 'a.png'));
      expect(added.offline).toEqual(added.server);
      expect(added.offline).toHaveLength(1);
      const removed = await offlineThenServer(d, s, photos(k, ownerId), () => w.remove(String(added.offline[0]!.id)));
      expect(removed).toEqual({ offline: [], server: [] });
    },
  );

  it.each(['service', 'product'] as const)(
    'a %s photo for an owner that is not there, or the delete of a photo that is not: the same words',
    async (k) => {
      const w = writes(k);
      const gone = newId();
      const field = PHOTO_PLACES[k].owner;
      expect(await refusal(w.add(gone, image(), 'a.png'))).toBe(MSG.noRecordFound.replace('{id}', gone));
      expect(await upload(k, { [field]: gone })).toEqual([404, MSG.noRecordFound.replace('{id}', gone)]);
      expect(await refusal(w.add('junk', image(), 'a.png'))).toBe(MSG.noRecordFound.replace('{id}', 'junk'));
      expect(await upload(k, { [field]: 'junk' })).toEqual([400, MSG.noRecordFound.replace('{id}', 'junk')]);
      expect(await upload(k, { [field]: await owner(k), id: 'junk' })).toEqual([400, MSG.invalidId]);
      const removed = await s.api('DELETE', PHOTO_PLACES[k].remove.path, { body: { data: { id: gone } } });
      expect(await refusal(w.remove(gone))).toBe(removed.body.message);
      expect([removed.status, removed.body.message]).toEqual([404, MSG.noRecordFound.replace('{id}', gone)]);
      expect(await d.db.outbox.filter((e) => e.state === 'pending').count()).toBe(0);
    },
  );

  it("below the call's level (job photos 3, product photos 5): refused on the device as by the server", async () => {
    const [jobId, productId] = [await owner('service'), await owner('product')];
    for (const [level, k, ownerId] of [
      [2, 'service', jobId],
      [4, 'product', productId],
    ] as const) {
      const { device } = await memberDevice(s, `photo-writes-${level}`, level);
      const member = createRepositories(device.db);
      const add = k === 'service' ? member.jobs.addPhoto : member.products.addPhoto;
      expect(await refusal(add(ownerId, image(), 'a.png'))).toBe(MSG.forbidden);
      const token = (await user(s, level)).token;
      expect(await upload(k, { [PHOTO_PLACES[k].owner]: ownerId }, token)).toEqual([403, MSG.forbidden]);
      expect(await device.db.outbox.count()).toBe(0);
    }
  });
});
