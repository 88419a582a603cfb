import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Jobs from '../../src/app/jobs/Jobs';
import MakeRequest from '../../src/app/jobs/MakeRequest';
import { Toaster } from '../../src/app/feedback/toaster';
import type { AppData } from '../../src/app/data/DataProvider';
import { newId } from '../../src/domain/ids';
import { MSG } from '../../src/domain/messages';
import { DEFAULT_SHOP_SETTINGS } from '../../src/domain/configSheet';
import { storageTermsText } from '../../src/domain/terms';
import { setMeta } from '../../src/local/db';
import { putRow } from '../../src/local/rows';
import { renderScreen } from './render';
import { atLeast, nth } from '../helpers/present';

// the booking tests render the calendar too: slow on cores shared with other suites (7 s seen)

const CATALOGUE = [
  { title: 'Oil change', description: 'Engine oil and filter' },
  { title: 'Brake check', description: 'Pads, discs and fluid' },
  { title: 'Wheel alignment', description: 'Four-wheel alignment' },
];

async function seed(data: AppData, customers: { vin: string; reg: string; first?: string; last?: string }[] = []) {
  if (!customers.length) {
    for (const s of CATALOGUE) await putRow(data.db, 'services', { id: newId(), ...s });
  }
  const ids: string[] = [];
  for (const c of customers) {
    ids.push(
      await data.repos.customers.add({
        VIN: c.vin,
        'Registration Number': c.reg,
        'First name': c.first ?? 'Ann',
        'Last name': c.last ?? 'Brown',
        'Contact number': '8765551234',
        Email: '',
      }),
    );
  }
  return ids;
}

async function open(level: number, path = '/make-request', before?: (data: AppData) => Promise<void>) {
  // seed into the device database first, then render the screen over it
  const { createData } = await import('../../src/app/data/DataProvider');
  const data = createData(`mr-${Math.random().toString(36).slice(2)}`);
  // the shop's rows are made by a Super Admin (each write asks for its level); renderScreen then signs in at `level`
  await setMeta(data.db, 'session', { username: 'owner', permission: 5 });
  await setMeta(data.db, 'deviceCode', 'T1');
  await seed(data);
  if (before) await before(data);
  const r = await renderScreen(
    <>
      <MakeRequest />
      <Toaster />
    </>,
    { level, path, route: '/make-request', data },
  );
  await screen.findByRole('checkbox', { name: /Oil change/ });
  return r;
}

const lookupBox = () => screen.getByLabelText('VIN or registration');
const find = () => fireEvent.click(screen.getByRole('button', { name: 'Find' }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** Ticks a service and waits until the form holds it (Chakra's checkbox reports the change a microtask later). */
async function tick(name: RegExp) {
  const input = screen.getByRole('checkbox', { name }) as HTMLInputElement;
  const root = input.closest('[data-part="root"]')!;
  const before = root.getAttribute('data-state');
  fireEvent.click(input);
  await waitFor(() => expect(root.getAttribute('data-state')).not.toBe(before));
}

describe('Make Service Request (SPEC §2, §4, §5)', () => {
  it('asks for at least 3 characters before looking a customer up', async () => {
    await open(3);
    fireEvent.change(lookupBox(), { target: { value: 'AB' } });
    find();
    expect(await screen.findByText(MSG.lookupMin)).toBeTruthy();
  });

  it("says 'Customer not found, try again.' when no customer matches", async () => {
    await open(3, '/make-request', (d) => seed(d, [{ vin: '1HGCM82633A004352', reg: 'PA1234' }]).then(() => undefined));
    fireEvent.change(lookupBox(), { target: { value: 'ZZZ999' } });
    fireEvent.keyDown(lookupBox(), { key: 'Enter' });
    expect(await screen.findByText(MSG.customerNotFoundRetry)).toBeTruthy();
  });

  it('refuses a blocked customer, and no job is made for them', async () => {
    const { data } = await open(3, '/make-request', async (d) => {
      const id = nth(await seed(d, [{ vin: 'JTDBR32E720123456', reg: 'BLK001' }]), 0);
      await d.repos.customers.setActive(id, false);
    });
    fireEvent.change(lookupBox(), { target: { value: 'BLK001' } });
    find();
    expect(await screen.findByText(MSG.customerBlocked)).toBeTruthy();
    type('Mileage', '1000');
    await tick(/Oil change/);
    submit();
    await waitFor(() => expect(screen.getByText(MSG.customerBlocked)).toBeTruthy());
    expect(await data.db.jobs.count()).toBe(0);
    expect((await data.db.outbox.toArray()).filter((e) => e.path === '/service')).toHaveLength(0);
  });

  it('lets the user pick one of several matching customers', async () => {
    await open(3, '/make-request', (d) =>
      seed(d, [
        { vin: 'VIN0000000000AAA1', reg: 'KK1001', first: 'Kim' },
        { vin: 'VIN0000000000AAA2', reg: 'KK1002', first: 'Lee' },
      ]).then(() => undefined),
    );
    fireEvent.change(lookupBox(), { target: { value: 'KK10' } });
    find();
    const list = await screen.findByTestId('lookup-matches');
    fireEvent.click(within(list).getByRole('button', { name: /KK1002/ }));
    const chosen = await screen.findByTestId('selected-customer');
    expect(chosen.textContent).toContain('Lee Brown');
  });

  it("says 'Invalid Mileage' for a missing, negative or fractional mileage", async () => {
    await open(3, '/make-request', (d) => seed(d, [{ vin: 'VIN1', reg: 'MM1234' }]).then(() => undefined));
    fireEvent.change(lookupBox(), { target: { value: 'MM1234' } });
    find();
    await screen.findByTestId('selected-customer');
    await tick(/Oil change/);
    submit();
    expect(await screen.findByText(MSG.invalidMileage)).toBeTruthy();
    type('Mileage', '-5');
    await waitFor(() => expect(screen.getByText(MSG.invalidMileage)).toBeTruthy());
    type('Mileage', '12.5');
    await waitFor(() => expect(screen.getByText(MSG.invalidMileage)).toBeTruthy());
    type('Mileage', '120500');
    await waitFor(() => expect(screen.queryByText(MSG.invalidMileage)).toBeNull());
  });

  it("says 'Select at least one(1) service' when nothing is ticked", async () => {
    const { data } = await open(3, '/make-request', (d) =>
      seed(d, [{ vin: 'VIN2', reg: 'SS1234' }]).then(() => undefined),
    );
    fireEvent.change(lookupBox(), { target: { value: 'SS1234' } });
    find();
    await screen.findByTestId('selected-customer');
    type('Mileage', '5000');
    submit();
    expect(await screen.findByText(MSG.selectOneService)).toBeTruthy();
    expect(await data.db.jobs.count()).toBe(0);
  });

  it("checks the inline new customer with the service form's 'at least' name message", async () => {
    await open(3);
    fireEvent.click(screen.getByRole('checkbox', { name: 'New customer' }));
    await screen.findByLabelText('First name');
    submit();
    expect((await screen.findAllByText(MSG.nameMinServiceForm)).length).toBe(2);
    expect(screen.queryByText(MSG.nameMin)).toBeNull();
    expect(screen.getByText(MSG.invalidVin)).toBeTruthy();
    expect(screen.getByText(MSG.invalidRegistration)).toBeTruthy();
  });

  it('shows the authorization terms with the storage terms at level 3, not at level 4', async () => {
    await open(3);
    const terms = screen.getByTestId('authorization-terms');
    expect(terms.textContent).toContain(storageTermsText(DEFAULT_SHOP_SETTINGS));
    expect(terms.textContent).toContain('J$2,000.00 for the first day');
    expect(terms.textContent).toContain('J$1,000.00 for each further day');
    expect(terms.textContent).toContain('within 5 days after notice');
    expect(terms.textContent).toContain('within 7 days after the work is completed');
    expect(screen.queryByTestId('booking')).toBeNull();
  });

  it('shows the booking calendar at level 4, without the terms', async () => {
    await open(4);
    expect(screen.queryByTestId('authorization-terms')).toBeNull();
    expect(screen.getByTestId('booking')).toBeTruthy();
    const cal = await screen.findByTestId('booking-calendar');
    expect(cal.querySelector('.react-calendar')).toBeTruthy();
    // picking a day (next month: always in the future) fills both times in SPEC's format
    fireEvent.click(cal.querySelector('.react-calendar__navigation__next-button')!);
    const day = within(cal)
      .getAllByRole('button')
      .find((b) => b.textContent === '28' && !(b as HTMLButtonElement).disabled);
    expect(day).toBeTruthy();
    fireEvent.click(day!);
    await waitFor(() =>
      expect((screen.getByLabelText('From') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-28 08:00$/),
    );
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-28 09:00$/);
  });

  it("says 'Invalid dates' for a booking in the past", async () => {
    const { data } = await open(4, '/make-request', (d) =>
      seed(d, [{ vin: 'VIN3', reg: 'DD1234' }]).then(() => undefined),
    );
    fireEvent.change(lookupBox(), { target: { value: 'DD1234' } });
    find();
    await screen.findByTestId('selected-customer');
    type('Mileage', '100');
    await tick(/Brake check/);
    type('From', '2020-01-01 08:00');
    type('To', '2020-01-01 09:00');
    submit();
    expect(await screen.findByText(MSG.invalidDates)).toBeTruthy();
    expect(await data.db.jobs.count()).toBe(0);
  });

  it("says 'Invalid booking dates' when the start is after the end", async () => {
    await open(4, '/make-request', (d) => seed(d, [{ vin: 'VIN4', reg: 'EE1234' }]).then(() => undefined));
    fireEvent.change(lookupBox(), { target: { value: 'EE1234' } });
    find();
    await screen.findByTestId('selected-customer');
    type('Mileage', '100');
    await tick(/Brake check/);
    type('From', '2099-03-02 10:00');
    type('To', '2099-03-02 09:00');
    submit();
    expect(await screen.findByText(MSG.invalidBookingDates)).toBeTruthy();
  });

  it("pre-ticks the vehicle's outstanding services", async () => {
    await open(3, '/make-request', async (d) => {
      const id = nth(await seed(d, [{ vin: 'VIN5', reg: 'OO1234' }]), 0);
      const customer = (await d.repos.customers.get(id))!;
      await d.repos.jobs.create({ customer, service: ['Brake check'], mileage: 1000 });
    });
    expect((screen.getByRole('checkbox', { name: /Brake check/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(lookupBox(), { target: { value: 'OO1234' } });
    find();
    await screen.findByTestId('selected-customer');
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: /Brake check/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect((screen.getByRole('checkbox', { name: /Oil change/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Outstanding')).toBeTruthy();
  });

  it('?vin= pre-fills the lookup and finds the customer', async () => {
    await open(3, '/make-request?vin=1HGCM82633A004352', (d) =>
      seed(d, [{ vin: '1HGCM82633A004352', reg: 'VV1234', first: 'Val' }]).then(() => undefined),
    );
    expect((lookupBox() as HTMLInputElement).value).toBe('1HGCM82633A004352');
    const chosen = await screen.findByTestId('selected-customer');
    expect(chosen.textContent).toContain('Val Brown');
  });

  it('makes the request offline: the job is received locally and POST /service is queued', async () => {
    const { data } = await open(3, '/make-request', (d) =>
      seed(d, [{ vin: 'VIN6', reg: 'OK1234' }]).then(() => undefined),
    );
    fireEvent.change(lookupBox(), { target: { value: 'ok 1234' } });
    find();
    await screen.findByTestId('selected-customer');
    type('Mileage', '42000');
    await tick(/Oil change/);
    await tick(/Wheel alignment/);
    type('Customer note', 'Squeak at the front left');
    submit();
    const done = await screen.findByTestId('request-done', {}, { timeout: 3000 });
    expect(done.textContent).toContain('#T1-');
    const jobs = await data.db.jobs.toArray();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      status: 'received',
      mileage: 42000,
      registration: 'OK1234',
      customer_note: 'Squeak at the front left',
    });
    expect(nth(jobs, 0).service).toEqual(['Oil change', 'Wheel alignment']);
    expect(done.textContent).toContain(`#${nth(jobs, 0).number}`);
    const entry = (await data.db.outbox.toArray()).find((e) => e.path === '/service');
    expect(entry).toMatchObject({ method: 'POST' });
    const body = (entry!.body as { data: Record<string, unknown> }).data;
    expect(body.service).toEqual(['Oil change', 'Wheel alignment']);
    expect(body.mileage).toBe(42000);
    expect(body.book_start).toBeNull();
    // the form is reset for the next vehicle
    await waitFor(() => expect((screen.getByLabelText('Mileage') as HTMLInputElement).value).toBe(''));
    expect((lookupBox() as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('selected-customer')).toBeNull();
  });

  it('the done message links to the new job: the Jobs table opens searched by its number, its panel open', async () => {
    const { data, unmount } = await open(3, '/make-request', async (d) => {
      await seed(d, [{ vin: 'VIN7', reg: 'LN1234' }]);
      // an older job of the same vehicle: the link shows the new one, not every job
      const [customer] = await d.db.customers.toArray();
      await d.repos.jobs.create({ customer, service: ['Brake check'], mileage: 1000 });
    });
    fireEvent.change(lookupBox(), { target: { value: 'LN1234' } });
    find();
    await screen.findByTestId('selected-customer');
    type('Mileage', '42000');
    await tick(/Oil change/);
    submit();
    const done = await screen.findByTestId('request-done', {}, { timeout: 3000 });
    const made = (await data.db.jobs.orderBy('created_at').last())!;
    const link = within(done).getByRole('link', { name: `Open job #${made.number}` });
    fireEvent.click(link);
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/view-request?search=${encodeURIComponent(`#${made.number}`)}&open=${made.id}`,
      ),
    );
    const to = screen.getByTestId('location').textContent!;
    unmount();

    // the Jobs screen at that address
    await renderScreen(<Jobs />, { level: 3, path: to, route: '/view-request', data });
    const panel = await screen.findByTestId(`job-panel-${made.id}`);
    expect(panel.textContent).toContain('Oil change');
    expect((screen.getByRole('textbox', { name: 'Search Service Requests' }) as HTMLInputElement).value).toBe(
      `#${made.number}`,
    );
    await waitFor(() =>
      expect(
        [...document.querySelectorAll<HTMLElement>('[data-row-id][data-status]')].map((r) => r.dataset.rowId),
      ).toEqual([made.id]),
    );
  });

  it('offers no link to the job below level 3 (the Jobs table is level 3 and up)', async () => {
    await open(2, '/make-request', (d) => seed(d, [{ vin: 'VIN8', reg: 'NL1234' }]).then(() => undefined));
    fireEvent.change(lookupBox(), { target: { value: 'NL1234' } });
    find();
    await screen.findByTestId('selected-customer');
    type('Mileage', '1000');
    await tick(/Oil change/);
    submit();
    const done = await screen.findByTestId('request-done', {}, { timeout: 3000 });
    expect(done.textContent).toContain('received');
    expect(within(done).queryByRole('link')).toBeNull();
  });

  it('books the request at level 4: status booked, times read in the shop time zone', async () => {
    const { data } = await open(4, '/make-request', (d) =>
      seed(d, [{ vin: 'VIN7', reg: 'BK1234' }]).then(() => undefined),
    );
    fireEvent.change(lookupBox(), { target: { value: 'BK1234' } });
    find();
    await screen.findByTestId('selected-customer');
    type('Mileage', '8000');
    await tick(/Brake check/);
    type('From', '2099-03-02 09:00');
    type('To', '2099-03-02 11:30');
    submit();
    const done = await screen.findByTestId('request-done', {}, { timeout: 3000 });
    expect(done.textContent).toContain('booked for 2099-03-02 09:00');
    const [job] = await data.db.jobs.toArray();
    // America/Jamaica is UTC-5 all year
    expect(job).toMatchObject({
      status: 'booked',
      book_start: '2099-03-02T14:00:00.000Z',
      book_end: '2099-03-02T16:30:00.000Z',
    });
    const entry = (await data.db.outbox.toArray()).find((e) => e.path === '/service');
    expect((entry!.body as { data: Record<string, unknown> }).data).toMatchObject({
      book_start: '2099-03-02T14:00:00.000Z',
      service: ['Brake check'],
      mileage: 8000,
    });
  });

  it('registers a new customer inline and makes their request in the same submit', async () => {
    const { data } = await open(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'New customer' }));
    await screen.findByLabelText('First name');
    type('VIN', 'NEWVIN123');
    type('Registration Number', 'NC 4321');
    type('First name', 'Nia');
    type('Last name', 'Clarke');
    type('Contact number', '8765550000');
    type('Mileage', '15');
    await tick(/Oil change/);
    submit();
    await screen.findByTestId('request-done');
    const customer = nth(await data.db.customers.toArray(), 0);
    expect(customer).toMatchObject({ first_name: 'Nia', last_name: 'Clarke', registration: 'NC 4321', active: 1 });
    const [job] = await data.db.jobs.toArray();
    expect(job).toMatchObject({ customer_id: customer.id, status: 'received', mileage: 15, service: ['Oil change'] });
    const paths = (await data.db.outbox.orderBy('seq').toArray()).map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(['POST /customer', 'POST /service']);
    // the request waits for its customer on the server, and is refused with it
    const [, service] = atLeast(await data.db.outbox.orderBy('seq').toArray(), 2);
    expect(service.dependsOn).toEqual([customer.id]);
  });

  it('at level 1 (POST /customer is level 2) sends the new customer inside POST /service only', async () => {
    const { data } = await open(1);
    fireEvent.click(screen.getByRole('checkbox', { name: 'New customer' }));
    await screen.findByLabelText('First name');
    type('VIN', 'LVLONE1234');
    type('Registration Number', 'LO 1111');
    type('First name', 'Lou');
    type('Last name', 'One');
    type('Contact number', '8765552222');
    type('Email', 'lou@example.com');
    type('Mileage', '900');
    await tick(/Brake check/);
    submit();
    await screen.findByTestId('request-done', {}, { timeout: 3000 });
    const customer = nth(await data.db.customers.toArray(), 0);
    expect(customer).toMatchObject({
      first_name: 'Lou',
      last_name: 'One',
      vin: 'LVLONE1234',
      registration: 'LO 1111',
      contact: '8765552222',
      active: 1,
    });
    const job = nth(await data.db.jobs.toArray(), 0);
    expect(job).toMatchObject({ customer_id: customer.id, status: 'received', mileage: 900, service: ['Brake check'] });
    const entries = await data.db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => `${e.method} ${e.path}`)).toEqual(['POST /service']);
    const entry = nth(entries, 0);
    const body = (entry.body as { data: Record<string, unknown> }).data;
    // the server's POST /service creates the customer from these fields, with the device's id
    expect(body).toMatchObject({
      id: job.id,
      customer_id: customer.id,
      customer: {
        id: customer.id,
        vin: 'LVLONE1234',
        registration: 'LO 1111',
        first_name: 'Lou',
        last_name: 'One',
        contact: '8765552222',
        email: 'lou@example.com',
      },
      service: ['Brake check'],
      mileage: 900,
    });
    // one entry creates both rows: refused, it takes both back; nothing waits on a POST /customer
    expect(entry.creates.sort()).toEqual([job.id, customer.id].sort());
    expect(entry.refs).toEqual(expect.arrayContaining([job.id, customer.id]));
    expect(entry.dependsOn).toEqual([]);
    expect(entry.actor).toBe('user1');
  });

  it('at level 1 a new customer whose VIN is on the device is refused before anything is queued', async () => {
    const { data } = await open(1, '/make-request', (d) =>
      seed(d, [{ vin: 'TWIN000001', reg: 'TW1111', first: 'Tia' }]).then(() => undefined),
    );
    const before = await data.db.outbox.count();
    fireEvent.click(screen.getByRole('checkbox', { name: 'New customer' }));
    await screen.findByLabelText('First name');
    type('VIN', 'twin000001');
    type('Registration Number', 'TW 2222');
    type('First name', 'Ray');
    type('Last name', 'Two');
    type('Contact number', '8765553333');
    type('Mileage', '10');
    await tick(/Oil change/);
    submit();
    expect(await screen.findByText(/Tia Brown/)).toBeTruthy();
    expect(await data.db.customers.count()).toBe(1);
    expect(await data.db.jobs.count()).toBe(0);
    expect(await data.db.outbox.count()).toBe(before);
  });
});
