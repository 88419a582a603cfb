import { describe, expect, it } from 'vitest';
import { customerKeys, invoiceKeys } from '../../src/domain/model/keys';
import { newRow, type DeviceRow } from '../../src/domain/model';
import { BayBookDB } from '../../src/local/db';
import { SCHEMA_V8 } from '../../src/local/dbVersions';
import { customersRepository } from '../../src/local/repositories/customers';
import { invoicesRepository } from '../../src/local/repositories/invoices';
import { jobPage } from '../../src/local/repositories/jobSearch';
import { dbName } from './helpers';
import { queuedEntry } from './queuedEntry';

/**
 * Version 8 (issue 13): fewer indexes per row, so a first sync writes fewer index entries. The plain indexes a
 * compound `[<key>+id]` starts with are gone, and the reads that used them go through the compound (Dexie's virtual
 * index); the upgrade keeps every row and the outbox.
 */

const customer = (id: string, over: Partial<DeviceRow<'customers'>>) => {
  const base = { id, first_name: 'Ann', last_name: 'Lee', vin: '', registration: '', contact: '', email: '' };
  const row = newRow('customers', { ...base, created_at: '2026-01-01T00:00:00Z', ...over }, '2026-01-01T00:00:00Z');
  return { ...row, ...customerKeys(row) };
};

const invoice = (id: string, number: string, vin: string, created_at: string) => {
  const row = { id, number, vin, registration: '', first_name: 'Ann', last_name: 'Lee', created_at, total: 0 };
  return { ...row, ...invoiceKeys(row), charged: 0, discount: 0, payment: 0, is_due: 0, updated_at: created_at };
};

const entry = queuedEntry({ id: 'e1', actor: 'admin', body: { data: { id: 'c1' } }, refs: ['c1'] });

describe('device database version 8 (issue 13: fewer indexes per row)', () => {
  it('keeps every row and the outbox, drops the plain indexes, and the reads that used them still answer', async () => {
    const name = dbName('schema-v8');
    const v7 = new BayBookDB(name, { upTo: 7 });
    await v7.open();
    const ann = customer('c1', { vin: '1HGCM82633A004352', registration: 'AB 123', contact: '(876) 555-1234' });
    const bob = customer('c2', {
      first_name: 'Bob',
      last_name: 'Ray',
      contact: '8765559999',
      created_at: '2026-02-01',
    });
    const cy = customer('c3', { first_name: 'Cy', last_name: 'Leeds', contact: '5550000', created_at: '2025-12-01' });
    await v7.customers.bulkPut([ann, bob, cy]);
    const invoices = [
      invoice('i1', 'A1-0001', '1HGCM82633A004352', '2026-03-01T10:00:00Z'),
      invoice('i2', 'A1-0002', '1hgcm82633a004352 ', '2026-03-02T10:00:00Z'),
      invoice('i3', 'A1-0003', 'OTHERVIN', '2026-03-03T10:00:00Z'),
    ];
    // version 7's invoices: the fields its indexes read, as an older device kept them
    await v7.table<(typeof invoices)[number], string>('invoices').bulkPut(invoices);
    await v7.outbox.add(entry);
    await v7.meta.put({ key: 'cursor', value: 42 });
    v7.close();

    const v8 = new BayBookDB(name, { upTo: 8 });
    await v8.open();
    try {
      expect(v8.verno).toBe(8);
      expect(await v8.customers.toArray()).toEqual([ann, bob, cy]);
      expect(await v8.invoices.toArray()).toEqual(invoices);
      expect(await v8.outbox.toArray()).toEqual([{ ...entry, seq: 1 }]);
      expect(await v8.meta.get('cursor')).toEqual({ key: 'cursor', value: 42 });

      // what version 8 says the stores hold, and nothing else: the plain twins of the compounds are gone
      const held = (t: string) => ['id', ...v8.table(t).schema.indexes.map((i) => i.src)].join(', ');
      for (const [t, stores] of Object.entries(SCHEMA_V8)) expect(held(t), t).toBe(stores);
      expect(v8.customers.schema.idxByName.name_key).toBeUndefined();
      expect(v8.invoices.schema.idxByName.number).toBeUndefined();

      // the reads of the screens, through the compounds
      const customers = customersRepository(v8);
      expect((await customers.byVin('1hgcm82633a004352')).map((c) => c.id)).toEqual(['c1']);
      expect((await customers.byRegistration('ab123')).map((c) => c.id)).toEqual(['c1']);
      expect((await customers.recent(2)).map((c) => c.id)).toEqual(['c2', 'c1']);
      const repo = invoicesRepository(v8);
      expect((await repo.byNumber('A1-0002'))?.id).toBe('i2');
      expect((await repo.forVin('1HGCM82633A004352')).map((i) => i.id)).toEqual(['i2', 'i1']);
      const march2 = await repo.createdBetween('2026-03-02T00:00:00Z', '2026-03-03T10:00:00Z');
      expect(march2.map((i) => i.id)).toEqual(['i2']);
      expect((await repo.all()).map((i) => i.id)).toEqual(['i3', 'i2', 'i1']);
    } finally {
      v8.close();
      await BayBookDB.delete(name);
    }
  });

  it("finds a job's customer by surname and by the digits of their contact (the job search's customer step)", async () => {
    const db = new BayBookDB(dbName('schema-v8-jobs'));
    await db.open();
    try {
      await db.customers.bulkPut([
        customer('c1', { last_name: 'Lee', contact: '(876) 555-1234' }),
        customer('c2', { last_name: 'Ray', contact: '8765559999' }),
      ]);
      const job = (id: string, customer_id: string, last_name: string, contact: string) => {
        const at = `2026-01-0${id.slice(1)}T00:00:00Z`;
        const given = { id, number: id, customer_id, first_name: 'X', last_name, contact, status: 'received' };
        const times = { book_start: null, book_end: null, start: null, active_at: null, complete_at: null };
        return { ...newRow('jobs', { ...given, ...times, created_at: at }, at), registration_key: '', vin_key: '' };
      };
      await db.jobs.bulkPut([job('j1', 'c1', 'Lee', '(876) 555-1234'), job('j2', 'c2', 'Ray', '8765559999')]);
      expect((await jobPage(db, { search: '876555' })).rows.map((j) => j.id)).toEqual(['j2', 'j1']);
      expect((await jobPage(db, { search: 'ray' })).rows.map((j) => j.id)).toEqual(['j2']);
    } finally {
      db.close();
      await BayBookDB.delete(db.name);
    }
  });
});
