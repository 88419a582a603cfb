import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getMeta } from '../../src/local/db';
import { createRepositories } from '../../src/local/repositories';
import { sysLog } from '../../src/server/db/schema';
import { DATABASES } from '../helpers/server';
import { auditDb, customerForm, drain, twoDevices } from './helpers';
import { nth } from '../helpers/present';

/**
 * Issue 14, an edit to a customer blocked since (SPEC: level 5 blocks; a blocked customer cannot be used in a service
 * request, but stays in the Customers table and may be edited). The bay's offline edit waits for a decision with who
 * blocked the customer; use mine sends it and it lands once — the customer stays blocked, and the conflict does not
 * come back. A later edit made on the device that knows of the block lands with no conflict.
 */
describe.each(DATABASES)('an edit to a customer blocked since (%s)', (kind) => {
  const two = twoDevices(kind, 'cb', { tablet: 3, desk: 5 });

  it('waits with who blocked them; use mine lands once and the customer stays blocked', async () => {
    const bay = createRepositories(two.tablet.db).customers;
    const id = await bay.add(customerForm('CB 7801'));
    await drain(two.tablet);
    await drain(two.desk);
    two.tablet.net.up = false;
    await bay.edit(id, { note: 'Call before any work', contact: '876 555 9999' });
    await createRepositories(two.desk.db).customers.setActive(id, false);
    await drain(two.desk);
    two.tablet.net.up = true;
    await drain(two.tablet);

    expect(await (await auditDb(two.s)).customers.get(id)).toMatchObject({
      active: 0,
      note: '',
      contact: '8765551234',
    });
    const decisions = await two.tablet.engine.conflicts.decisions();
    const officeCode = await getMeta<string>(two.desk.db, 'deviceCode', '');
    expect(decisions.map((c) => c.field).sort((a, b) => a.field.localeCompare(b.field))).toMatchObject([
      { field: 'contact', mine: '8765559999', reason: 'blocked', by: two.deskUser, device: officeCode },
      { field: 'note', mine: 'Call before any work', reason: 'blocked', by: two.deskUser, device: officeCode },
    ]);

    for (const c of decisions) await two.tablet.engine.conflicts.decide(c.id, 'mine');
    await drain(two.tablet);
    await drain(two.tablet);
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    expect(await two.tablet.db.conflicts.count()).toBe(0);
    expect(await (await auditDb(two.s)).customers.get(id)).toMatchObject({
      active: 0,
      note: 'Call before any work',
      contact: '8765559999',
    });
    const record = nth(decisions, 0).field.record;
    const lines = await two.s.database.db.select().from(sysLog).where(eq(sysLog.subject, record));
    expect(lines.map((l) => l.predicate)).toContainEqual(
      'Note conflict decided on a device: sent "Call before any work" over "(empty)"',
    );

    // the tablet now holds the block: a new edit is based on it and lands with nothing to decide
    await bay.edit(id, { note: 'Blocked: ask the manager' });
    await drain(two.tablet);
    expect(await two.tablet.engine.conflicts.decisions()).toEqual([]);
    expect((await (await auditDb(two.s)).customers.get(id))?.note).toBe('Blocked: ask the manager');
  });
});
