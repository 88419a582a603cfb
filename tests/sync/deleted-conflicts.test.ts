import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, suppliers, sysLog, users } from '../../src/server/db/schema';
import { createRepositories } from '../../src/local/repositories';
import { isFieldConflict } from '../../src/sync/decisions';
import { DATABASES } from '../helpers/server';
import { drain, memberDevice, twoDevices } from './helpers';
import { atLeast, nth } from '../helpers/present';

/**
 * Issue 14's edit to a record another device deleted, for the records the app deletes besides invoices and
 * estimates (invoice-conflicts.test.ts): a product (both of its edits), a supplier and a team member. The bay edits
 * offline while the desk deletes; when the bay reconnects its edit is neither refused as not found nor does it bring
 * the record back: each field it changed waits in "Needs your decision" with reason deleted and who deleted it, and
 * keep theirs drops it. Suppliers' edits are field changes now, so two edits of one supplier are decided too.
 */
describe.each(DATABASES)('an edit to a record deleted since waits as a decision (%s)', (kind) => {
  const two = twoDevices(kind, 'dc', { desk: 5 });
  const { bay, front, meanwhile } = two;
  const db = () => two.s.database.db;
  let n = 0;

  /** A product and a supplier made on the bay and pulled by both. */
  async function shared() {
    const tag = `DC ${++n}`;
    const sup = await bay().products.addSupplier({ bizname: `Parts ${tag}`, email: 'a@parts.test' });
    const p = await bay().products.add({
      title: `Pads ${tag}`,
      description: 'front',
      price: 4500,
      stock: 3,
      low_stock: 1,
    });
    await drain(two.tablet);
    await drain(two.desk);
    return { sup, p };
  }
  const decisionsOn = async (id: string) =>
    (await two.tablet.engine.conflicts.decisions()).filter((c) => c.field.id === id);
  /** What a decision on a record deleted since holds: nothing now, and who deleted it. */
  const gone = () => ({ theirs: null, reason: 'deleted', by: two.deskUser });
  /** The one decision on a record (nothing on the tablet refused: every row of its list is a decision). */
  async function theDecision(id: string, field: Record<string, unknown>) {
    await noRefusals();
    const [c, ...more] = atLeast(await decisionsOn(id), 1);
    expect(more).toEqual([]);
    expect(c.field).toMatchObject(field);
    return c;
  }
  /** Decides on the tablet and syncs: nothing is left in its list. */
  async function decide(id: string, choice: 'theirs' | 'mine') {
    await two.tablet.engine.conflicts.decide(id, choice);
    await drain(two.tablet);
    expect(await two.tablet.db.conflicts.toArray()).toEqual([]);
  }
  /** Nothing on the tablet was refused: every row of its list is a decision. */
  const noRefusals = async () =>
    expect((await two.tablet.db.conflicts.toArray()).filter((c) => !isFieldConflict(c))).toEqual([]);

  it('a product: the price and the simple form’s title wait as deleted; keep theirs drops them, nothing comes back', async () => {
    const { p } = await shared();
    await meanwhile(
      async () => {
        await bay().products.edit(p.id, { price: 4900 });
        await bay().products.editSimple(p.id, { title: `${p.title} HD`, description: 'front', price: 4900 });
      },
      () => front().products.remove(p.id),
    );
    await noRefusals();
    const found = await decisionsOn(p.id);
    expect(found.map((c) => c.field).sort((a, b) => a.field.localeCompare(b.field))).toMatchObject([
      { field: 'price', mine: 4900, base: 4500, ...gone() },
      { field: 'title', mine: `${p.title} HD`, base: p.title, ...gone() },
    ]);
    expect(nth(found, 0).field.record).toBe(`Product ${p.title} HD`);
    // use mine cannot bring it back (the list offers only keep theirs): it is answered as deleted again
    const price = found.find((c) => c.field.field === 'price')!;
    await two.tablet.engine.conflicts.decide(price.id, 'mine');
    await drain(two.tablet);
    expect((await decisionsOn(p.id)).map((c) => c.field.reason)).toEqual(['deleted', 'deleted']);
    const [first, second] = atLeast(await decisionsOn(p.id), 2);
    await two.tablet.engine.conflicts.decide(first.id, 'theirs');
    await decide(second.id, 'theirs');
    const [row] = await db().select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ deleted: true, price: 4500, title: p.title });
    // keep theirs is written to the activity log, under the record as the bay's list names it
    const lines = await db()
      .select()
      .from(sysLog)
      .where(eq(sysLog.subject, `Product ${p.title} HD`));
    expect(lines.some((l) => l.predicate.startsWith('Price conflict decided on a device'))).toBe(true);
  });

  it('a supplier deleted since: the bay’s email waits as deleted; keep theirs', async () => {
    const { sup } = await shared();
    await meanwhile(
      () => bay().products.editSupplier(sup.id, { bizname: sup.bizname, email: 'new@parts.test' }),
      () => front().products.removeSupplier(sup.id),
    );
    const c = await theDecision(sup.id, {
      entity: 'suppliers',
      record: `Supplier ${sup.bizname}`,
      label: 'Email',
      mine: 'new@parts.test',
      base: 'a@parts.test',
      ...gone(),
    });
    await decide(c.id, 'theirs');
    const [row] = await db().select().from(suppliers).where(eq(suppliers.id, sup.id));
    expect(row).toMatchObject({ deleted: true, email: 'a@parts.test' });
  });

  it('one supplier edited on both: different fields both land, the same field is decided and use mine lands', async () => {
    const { sup } = await shared();
    await meanwhile(
      () => bay().products.editSupplier(sup.id, { bizname: sup.bizname, email: 'bay@parts.test', contact: '555' }),
      () =>
        front().products.editSupplier(sup.id, { bizname: sup.bizname, email: 'desk@parts.test', address: '1 Road' }),
    );
    const [row] = await db().select().from(suppliers).where(eq(suppliers.id, sup.id));
    expect(row).toMatchObject({ email: 'desk@parts.test', contact: '555', address: '1 Road' });
    const c = await theDecision(sup.id, {
      field: 'email',
      mine: 'bay@parts.test',
      theirs: 'desk@parts.test',
      reason: 'changed',
      by: two.deskUser,
    });
    await decide(c.id, 'mine');
    const [after] = await db().select().from(suppliers).where(eq(suppliers.id, sup.id));
    expect(after).toMatchObject({ email: 'bay@parts.test', contact: '555', address: '1 Road' });
  });

  it('a team member removed since: the bay’s new level waits as deleted; keep theirs', async () => {
    const id = await bay().team.add({ username: `tm${++n}x`, permission: 3, password: 'secret-pw-1' });
    await drain(two.tablet);
    await drain(two.desk);
    const member = (await bay().team.list()).find((u) => u.id === id)!;
    await meanwhile(
      () => bay().team.edit({ id, username: member.username, permission: 4 }),
      () => front().team.remove(id),
    );
    const c = await theDecision(id, { entity: 'users', field: 'permission', mine: 4, base: 3, ...gone() });
    await decide(c.id, 'theirs');
    const [row] = await db().select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ deleted: true, permission: 3 });
  });

  it('a level-4 member’s price against the desk’s: decided, and use mine lands by the simple form’s call', async () => {
    const { p } = await shared();
    const { device: low, username } = await memberDevice(two.s, 'dc-level4', 4);
    low.net.up = false;
    await createRepositories(low.db).products.editSimple(p.id, { title: p.title, description: 'front', price: 4700 });
    await front().products.editSimple(p.id, { title: p.title, description: 'front', price: 4800 });
    await drain(two.desk);
    low.net.up = true;
    await drain(low);
    const [c, ...more] = atLeast(
      (await low.engine.conflicts.decisions()).filter((x) => x.field.id === p.id),
      1,
    );
    expect(more).toEqual([]);
    expect(c.field).toMatchObject({ field: 'price', mine: 4700, theirs: 4800, reason: 'changed', by: two.deskUser });
    await low.engine.conflicts.decide(c.id, 'mine');
    await drain(low);
    expect(await low.db.conflicts.toArray()).toEqual([]);
    const row = nth(await db().select().from(products).where(eq(products.id, p.id)), 0);
    expect(row.price).toBe(4700);
    const lines = await db()
      .select()
      .from(sysLog)
      .where(eq(sysLog.subject, `Product ${p.title}`));
    expect(lines.filter((l) => l.username === username).map((l) => l.predicate)).toContainEqual(
      expect.stringMatching(/^edited price/),
    );
  });
});
