import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import {
  CONTACT_MESSAGE,
  addMemberSchema,
  checkPhotoSize,
  configEditSchema,
  customerSchema,
  discountSchema,
  estimateSchema,
  fromSpecCustomer,
  inventoryProductSchema,
  invoiceFormSchema,
  itemReturnSchema,
  loginSchema,
  lookupSchema,
  makeServiceRequestSchema,
  customerEditSchema,
  paymentSchema,
  pointsSchema,
  reportSchema,
  serviceCustomerSchema,
  serviceLogSchema,
  simpleProductSchema,
  supplierSchema,
  validatePayload,
} from '../../src/domain/schemas';
import { newId } from '../../src/domain/ids';

/** The first message a payload gets, or 'ok'. */
async function first(schema: Parameters<typeof validatePayload>[0], value: unknown): Promise<string> {
  try {
    await validatePayload(schema, value);
    return 'ok';
  } catch (e) {
    return (e as Error).message;
  }
}

const customer = {
  vin: '1HGCM82633A004352',
  registration: 'AB 1234',
  first_name: 'Ann',
  last_name: 'Lee',
  contact: '8765551234',
  email: '',
};
const NOW = new Date('2026-11-22T12:00:00Z');

describe('SPEC §5 customer messages', () => {
  it.each([
    ['valid', customer, 'ok'],
    ['registration too short', { ...customer, registration: 'A' }, MSG.invalidRegistration],
    ['registration missing', { ...customer, registration: '' }, MSG.invalidRegistration],
    ['VIN missing', { ...customer, vin: '' }, MSG.invalidVin],
    ['first name empty', { ...customer, first_name: '' }, MSG.nameMin],
    ['last name empty', { ...customer, last_name: ' ' }, MSG.nameMin],
    ['contact 9 digits', { ...customer, contact: '876555123' }, CONTACT_MESSAGE],
    ['contact 12 digits', { ...customer, contact: '876555123456' }, CONTACT_MESSAGE],
    ['contact negative', { ...customer, contact: '-876555123' }, CONTACT_MESSAGE],
    ['contact 11 digits', { ...customer, contact: '18765551234' }, 'ok'],
    ['contact as a number', { ...customer, contact: 8765551234 }, 'ok'],
    ['email wrong', { ...customer, email: 'ann@' }, MSG.invalidEmail],
    ['email given', { ...customer, email: 'ann@example.com' }, 'ok'],
  ])('%s', async (_name, value, expected) => {
    expect(await first(customerSchema, value)).toBe(expected);
  });

  it('reads "at least" on the service request form', async () => {
    expect(await first(serviceCustomerSchema, customer)).toBe('ok');
    expect(await first(serviceCustomerSchema, { ...customer, first_name: 'A', last_name: 'B' })).toBe('ok');
    expect(await first(serviceCustomerSchema, { ...customer, first_name: '' })).toBe(
      'Name should be at least 1 character',
    );
    expect(await first(serviceCustomerSchema, { ...customer, last_name: '  ' })).toBe(
      'Name should be at least 1 character',
    );
    // and 'atleast' on Add Customer, for a one-letter name too
    expect(await first(customerSchema, { ...customer, first_name: 'A', last_name: 'B' })).toBe('ok');
    expect(await first(customerSchema, { ...customer, last_name: '' })).toBe('Name should be atleast 1 character');
    expect(await first(serviceCustomerSchema, { ...customer, first_name: '' })).toBe(MSG.nameMinServiceForm);
    expect(MSG.nameMinServiceForm).toBe('Name should be at least 1 character');
    expect(MSG.nameMin).toBe('Name should be atleast 1 character');
  });

  it('fills the contact example numbers', () => {
    expect(CONTACT_MESSAGE).toBe('Contact number should be atleast (10) digits. e.g 8765551234 or 18765551234');
  });

  it('accepts SPEC payload keys', async () => {
    const spec = {
      VIN: customer.vin,
      'Registration Number': 'AB 1234',
      'First name': 'Ann',
      'Last name': 'Lee',
      'Contact number': '8765551234',
      Email: '',
    };
    expect(await first(customerSchema, fromSpecCustomer(spec))).toBe('ok');
  });

  it('limits the note to 500 characters', async () => {
    const row = { ...customer, id: newId() };
    expect(await first(customerEditSchema, { ...row, note: 'n'.repeat(500) })).toBe('ok');
    expect(await first(customerEditSchema, { ...row, note: 'n'.repeat(501) })).toBe(MSG.noteMax);
  });

  it('needs 3 characters to look a customer up', async () => {
    expect(await first(lookupSchema, 'AB')).toBe(MSG.lookupMin);
    expect(await first(lookupSchema, 'ABC')).toBe('ok');
  });
});

describe('SPEC §5 service request messages', () => {
  const schema = makeServiceRequestSchema(() => NOW);
  const base = { mileage: 42000, service: ['Oil and filter change'] };
  it.each([
    ['valid', base, 'ok'],
    ['mileage missing', { ...base, mileage: '' }, MSG.invalidMileage],
    ['mileage text', { ...base, mileage: 'lots' }, MSG.invalidMileage],
    ['mileage negative', { ...base, mileage: -5 }, MSG.invalidMileage],
    ['no service', { ...base, service: [] }, MSG.selectOneService],
    [
      'booking in the past',
      { ...base, book_start: '2026-11-01T10:00:00Z', book_end: '2026-11-01T11:00:00Z' },
      MSG.invalidDates,
    ],
    [
      'booking start after end',
      { ...base, book_start: '2026-12-02T10:00:00Z', book_end: '2026-12-01T11:00:00Z' },
      MSG.invalidBookingDates,
    ],
    ['booking fine', { ...base, book_start: '2026-12-01T10:00:00Z', book_end: '2026-12-01T11:00:00Z' }, 'ok'],
  ])('%s', async (_name, value, expected) => {
    expect(await first(schema, value)).toBe(expected);
  });

  it('wants something written in the service log', async () => {
    expect(await first(serviceLogSchema, { id: newId(), value: '   ' })).toBe(MSG.writeSomething);
    expect(await first(serviceLogSchema, { id: newId(), value: 'Checked brakes' })).toBe('ok');
  });
});

describe('SPEC §5 product, supplier and config messages', () => {
  it.each([
    [{ title: '', description: 'd', price: 100 }, MSG.titleMin],
    [{ title: 't', description: '', price: 100 }, MSG.descriptionMin],
    [{ title: 't', description: 'd', price: '' }, MSG.priceMin],
    [{ title: 't', description: 'd', price: 100 }, 'ok'],
  ])('simple product %#', async (value, expected) => {
    expect(await first(simpleProductSchema, value)).toBe(expected);
  });

  it('requires inventory numbers to be numbers', async () => {
    const ok = { title: 'Oil filter', description: 'Spin-on', stock: 5, low_stock: 2, price: 1299 };
    expect(await first(inventoryProductSchema, ok)).toBe('ok');
    expect(await first(inventoryProductSchema, { ...ok, stock: 'five' })).toBe('Stock must be a number');
    expect(await first(inventoryProductSchema, { ...ok, title: '' })).toBe('Title is required');
  });

  it('needs a supplier business name', async () => {
    expect(await first(supplierSchema, { bizname: '' })).toBe(MSG.supplierNameRequired);
    expect(await first(supplierSchema, { bizname: 'Parts Ltd' })).toBe('ok');
  });

  it('needs a config description and a numeric amount', async () => {
    expect(await first(configEditSchema, { description: '', amount: 1 })).toBe(MSG.configDescriptionRequired);
    expect(await first(configEditSchema, { description: 'x', amount: 'ten' })).toBe(MSG.configAmountNumber);
    expect(await first(configEditSchema, { description: 'x', amount: 10 })).toBe('ok');
  });
});

describe('SPEC §5 money messages', () => {
  it.each([
    [{ work_hour: '', rate_hour: 5000 }, MSG.enterWorkHours],
    [{ work_hour: 2, rate_hour: '' }, MSG.enterRate],
    [{ work_hour: -1, rate_hour: 5000 }, MSG.enterWorkHours],
    [{ work_hour: 2, rate_hour: 9_999_999_999 * 100 + 1 }, MSG.enterRate],
    [{ work_hour: 1.5, rate_hour: 5000 }, 'ok'],
    [{ work_hour: 0, rate_hour: 0 }, 'ok'],
    [{ work_hour: '2', rate_hour: '5000' }, 'ok'],
    [{ work_hour: 2, rate_hour: 9_999_999_999 * 100 }, 'ok'],
    [{ work_hour: 2, rate_hour: -1 }, MSG.enterRate],
  ])('service invoice form %#', async (value, expected) => {
    expect(await first(invoiceFormSchema('service'), value)).toBe(expected);
  });

  it('lets a product invoice skip hours and rate', async () => {
    expect(await first(invoiceFormSchema('product'), {})).toBe('ok');
  });

  const inv = newId();
  it.each([
    [{ invoice_id: inv, method: 'cash' }, MSG.needValue],
    [{ invoice_id: inv, method: 'cash', amount: 0 }, MSG.invalidPayment],
    [{ invoice_id: inv, method: 'cash', amount: -100 }, MSG.invalidPayment],
    [{ invoice_id: inv, method: 'credit card', amount: 100 }, 'ok'],
  ])('payment %#', async (value, expected) => {
    expect(await first(paymentSchema, value)).toBe(expected);
  });

  it('takes one discount choice from 5 to 20 %', async () => {
    expect(await first(discountSchema, { invoice_id: inv })).toBe(MSG.chooseDiscount);
    expect(await first(discountSchema, { invoice_id: inv, amount: 4 })).toBe(MSG.chooseDiscount);
    expect(await first(discountSchema, { invoice_id: inv, amount: 21 })).toBe(MSG.chooseDiscount);
    expect(await first(discountSchema, { invoice_id: inv, amount: 15 })).toBe('ok');
  });

  it('needs at least 1 point', async () => {
    expect(await first(pointsSchema, { invoice_id: inv })).toBe(MSG.invalidPoints);
    expect(await first(pointsSchema, { invoice_id: inv, points: 0 })).toBe(MSG.invalidPoints);
    expect(await first(pointsSchema, { invoice_id: inv, points: 3 })).toBe('ok');
  });

  it('needs a checked item and a reason to return', async () => {
    expect(await first(itemReturnSchema, { invoice_id: inv, items: [], comment: 'x' })).toBe(MSG.itemReturnInvalid);
    expect(await first(itemReturnSchema, { invoice_id: inv, items: [{ id: 'p', qty: 1 }], comment: '' })).toBe(
      MSG.itemReturnInvalid,
    );
    expect(
      await first(itemReturnSchema, { invoice_id: inv, items: [{ id: 'p', qty: 1 }], comment: 'Wrong part' }),
    ).toBe('ok');
  });

  it('checks estimates', async () => {
    const ok = { profile: { first_name: 'A', last_name: 'B' }, serviceInvoice: ['Wheel alignment'] };
    expect(await first(estimateSchema, ok)).toBe('ok');
    expect(await first(estimateSchema, { ...ok, profile: { first_name: '', last_name: 'B' } })).toBe(
      MSG.enterFirstName,
    );
    expect(await first(estimateSchema, { ...ok, profile: { first_name: 'A', last_name: '' } })).toBe(MSG.enterLastName);
    expect(await first(estimateSchema, { ...ok, serviceInvoice: [] })).toBe(MSG.selectAtLeastOneService);
  });

  it.each([
    [{ work_hour: 0, rate_hour: 0 }, 'ok'],
    [{ work_hour: 2.5, rate_hour: 5000 }, 'ok'],
    [{ work_hour: 1, rate_hour: 9_999_999_999 * 100 }, 'ok'],
    [{ work_hour: -0.5, rate_hour: 5000 }, 'Enter work hours'],
    [{ work_hour: 1, rate_hour: -1 }, 'Enter rate/hour'],
    [{ work_hour: 1, rate_hour: 9_999_999_999 * 100 + 1 }, 'Enter rate/hour'],
  ])('estimate: work hours and rate 0 or more (%o)', async (formData, expected) => {
    const ok = { profile: { first_name: 'A', last_name: 'B' }, serviceInvoice: ['Wheel alignment'] };
    expect(await first(estimateSchema, { ...ok, formData })).toBe(expected);
  });
});

describe('SPEC §5 admin messages', () => {
  it('login: both required, a short username is "Enter valid username"', async () => {
    expect(await first(loginSchema, { username: '', password: '' })).toBe(MSG.enterValidUsername);
    expect(await first(loginSchema, { username: 'ab', password: 'x' })).toBe(MSG.enterValidUsername);
    expect(await first(loginSchema, { username: 'abc', password: '' })).toBe(MSG.passwordRequired);
    expect(await first(loginSchema, { username: 'abc', password: 'x' })).toBe('ok');
  });

  it('members: at most 12 characters, permission 2 to 5', async () => {
    expect(await first(addMemberSchema, { username: 'a'.repeat(13), password: 'gear-box-42', permission: 3 })).toBe(
      MSG.usernameMax,
    );
    expect(await first(addMemberSchema, { username: 'abc', password: 'p'.repeat(129), permission: 3 })).toBe(
      MSG.passwordMax,
    );
    expect(await first(addMemberSchema, { username: 'abc', password: 'p', permission: 3 })).toBe(MSG.passwordMin);
    expect(await first(addMemberSchema, { username: 'abc', password: 'letmein99', permission: 3 })).toBe(
      MSG.passwordCommon,
    );
    expect(await first(addMemberSchema, { username: 'abc', password: 'abc-is-me-1', permission: 3 })).toBe(
      MSG.passwordHasUsername,
    );
    expect(await first(addMemberSchema, { username: 'a\u200bbc', password: 'gear-box-42', permission: 3 })).toBe(
      MSG.usernameInvisible,
    );
    expect(await first(addMemberSchema, { username: 'abc', password: 'gear-box-42', permission: 1 })).toBe(
      MSG.permissionRange,
    );
    expect(await first(addMemberSchema, { username: 'abc', password: 'gear-box-42', permission: 5 })).toBe('ok');
    expect(await first(addMemberSchema, { username: 'abc', password: 'p'.repeat(127) + 'q', permission: 5 })).toBe(
      'ok',
    );
    // stored in NFKC: a full-width name is its plain twin
    expect(
      (await addMemberSchema.validate({ username: 'ａｂｃ', password: 'gear-box-42', permission: 3 })).username,
    ).toBe('abc');
  });

  it('reports: start, end, at most 365 days', async () => {
    expect(await first(reportSchema, { end_date: '2026-01-01' })).toBe(MSG.selectStartDate);
    expect(await first(reportSchema, { start_date: '2026-01-01' })).toBe(MSG.selectEndDate);
    expect(await first(reportSchema, { start_date: '2025-01-01', end_date: '2026-01-01' })).toBe(MSG.reportRange);
    expect(await first(reportSchema, { start_date: '2025-01-02', end_date: '2026-01-01' })).toBe('ok');
  });

  it('photos: more than 10,000,000 bytes refused', () => {
    expect(checkPhotoSize(10_000_000)).toEqual({ ok: true });
    expect(checkPhotoSize(10_000_001)).toEqual({ ok: false, message: MSG.fileTooLarge });
  });
});
