import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addMonths, format, setDate, startOfMonth } from 'date-fns';
import { describe, expect, it } from 'vitest';
import Calendar from '../../src/app/jobs/Calendar';
import { canRebook } from '../../src/app/jobs/calendar/booking';
import { statusPalette, statusTint } from '../../src/app/jobs/statusColours';
import { JOB_STATUSES } from '../../src/domain/entities';
import { STATUS_COLOR, checkBookingUpdate } from '../../src/domain/jobs';
import type { AppData } from '../../src/app/data/DataProvider';
import { DEFAULT_TIME_ZONE, parseBooking } from '../../src/domain/dates';
import { MSG } from '../../src/domain/messages';
import type { JobRow } from '../../src/local/db';
import { renderScreen } from './render';
import { nth } from '../helpers/present';

// these screens seed a dozen jobs through the repositories: slow on cores shared with other suites

const TZ = DEFAULT_TIME_ZONE;

/** A day of next month (the calendar opens on this month), 'YYYY-MM-DD'. */
const nextMonthDay = (d: number) => format(setDate(addMonths(startOfMonth(new Date()), 1), d), 'yyyy-MM-dd');
const at = (day: string, time: string) => parseBooking(`${day} ${time}`, TZ)!;

let plates = 0;
async function customer(data: AppData, registration: string, first = 'Ann', last = 'Brown') {
  plates++;
  const id = await data.repos.customers.add({
    VIN: `1HGCM82633A00${String(4000 + plates)}`,
    'Registration Number': registration,
    'First name': first,
    'Last name': last,
    'Contact number': '8761234567',
  });
  return (await data.repos.customers.get(id))!;
}

async function bookedJob(
  data: AppData,
  registration: string,
  day: string,
  from = '10:00',
  to = '11:00',
): Promise<JobRow> {
  return data.repos.jobs.create({
    customer: await customer(data, registration),
    service: ['Oil change', 'Brake check'],
    mileage: 12000,
    book_start: at(day, from),
    book_end: at(day, to),
  });
}

async function toNextMonth() {
  fireEvent.click(await screen.findByRole('button', { name: 'Next month' }));
}

async function openEvent(text: string) {
  fireEvent.click(await screen.findByText(text));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(/^Job #/); // the job is read from the device's database
  return dialog;
}

async function bookingEntries(data: AppData) {
  return (await data.db.outbox.toArray()).filter((e) => e.path === '/booking-date');
}

describe('Booking calendar (SPEC §2 Booking calendar, §4, §5)', () => {
  it('shows a booked job on its day of the month, and loads a month when switching to it', async () => {
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(15);
    await bookedJob(data, 'ABC123', day);
    expect(screen.queryByText('10:00 ABC123')).toBeNull();
    await toNextMonth();
    const tile = await screen.findByTestId(`day-${day}`);
    expect(await within(tile).findByText('10:00 ABC123')).toBeTruthy();
  });

  it("shows at most three chips in a day with '+N more', and leaves canceled bookings out", async () => {
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(12);
    await bookedJob(data, 'AAA111', day, '08:00', '09:00');
    await bookedJob(data, 'BBB222', day, '09:00', '10:00');
    await bookedJob(data, 'CCC333', day, '11:00', '12:00');
    await bookedJob(data, 'DDD444', day, '13:00', '14:00');
    const canceled = await bookedJob(data, 'EEE555', day, '15:00', '16:00');
    await data.repos.jobs.cancel(canceled.id);
    await toNextMonth();
    const tile = await screen.findByTestId(`day-${day}`);
    await waitFor(() => expect(within(tile).getAllByTestId('event-chip')).toHaveLength(3));
    await waitFor(() => expect(within(tile).getByText('+1 more')).toBeTruthy());
    expect(within(tile).queryByText(/EEE555/)).toBeNull();
    // the day panel lists all four
    fireEvent.click(tile);
    const list = await screen.findByRole('list', { name: 'Bookings of the day' });
    expect(within(list).getAllByRole('button')).toHaveLength(4);
    expect(within(list).getByText('DDD444')).toBeTruthy();
  });

  it('selecting an event opens the job: #number, name, registration, services and its times', async () => {
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(15);
    const job = await bookedJob(data, 'ABC123', day);
    await toNextMonth();
    const dialog = await openEvent('10:00 ABC123');
    expect(within(dialog).getByText(`Job #${job.number}`)).toBeTruthy();
    expect(within(dialog).getByText('Ann Brown')).toBeTruthy();
    expect(within(dialog).getByText('ABC123')).toBeTruthy();
    expect(within(dialog).getByText('Oil change')).toBeTruthy();
    expect(within(dialog).getByText('Brake check')).toBeTruthy();
    expect((within(dialog).getByLabelText('From') as HTMLInputElement).value).toBe(`${day} 10:00`);
    expect((within(dialog).getByLabelText('To') as HTMLInputElement).value).toBe(`${day} 11:00`);
  });

  it("changing the times so the start is after the end says 'Invalid booking dates' and queues nothing", async () => {
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(15);
    await bookedJob(data, 'ABC123', day);
    await toNextMonth();
    const dialog = await openEvent('10:00 ABC123');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: `${day} 12:00` } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: `${day} 11:00` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.invalidBookingDates)).toBeTruthy();
    expect(await bookingEntries(data)).toHaveLength(0);
  });

  it("a date in the past says 'Invalid dates' and queues nothing", async () => {
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(15);
    await bookedJob(data, 'ABC123', day);
    await toNextMonth();
    const dialog = await openEvent('10:00 ABC123');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2020-01-06 10:00' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2020-01-06 11:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.invalidDates)).toBeTruthy();
    // not SPEC's format either
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: 'tomorrow' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: `${day} 11:00` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MSG.invalidDates)).toBeTruthy();
    expect(await bookingEntries(data)).toHaveLength(0);
  });

  it('a valid change of date and times queues PUT /booking-date and sets the job booked', async () => {
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(15);
    const newDay = nextMonthDay(16);
    const job = await bookedJob(data, 'ABC123', day);
    // the car came in early: the job is active, its booking still on the calendar
    await data.repos.jobs.setStatus(job.id, 'active');
    await toNextMonth();
    const dialog = await openEvent('10:00 ABC123');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: `${newDay} 14:00` } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: `${newDay} 15:30` } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await bookingEntries(data)).toHaveLength(1));
    const entry = nth(await bookingEntries(data), 0);
    expect(entry.method).toBe('PUT');
    // the times changed, each with the one it was based on (issue 14)
    expect(entry.body).toEqual({
      data: {
        id: job.id,
        book_start: at(newDay, '14:00'),
        book_end: at(newDay, '15:30'),
        base: { book_start: at(day, '10:00'), book_end: at(day, '11:00') },
        device: 'T1',
      },
    });
    const row = await data.db.jobs.get(job.id);
    expect(row?.status).toBe('booked');
    expect(row?.book_start).toBe(at(newDay, '14:00'));
    expect(row?.book_end).toBe(at(newDay, '15:30'));
    // the dialog closes and the chip moves to the new day (live)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(await screen.findByTestId(`day-${newDay}`)).findByText('14:00 ABC123')).toBeTruthy();
    expect(within(screen.getByTestId(`day-${day}`)).queryByText('10:00 ABC123')).toBeNull();
  });

  it('books an unbooked received job into a selected day, searched by registration, with a slot', async () => {
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(20);
    const waiting = await data.repos.jobs.create({
      customer: await customer(data, 'XYZ789', 'Bob', 'Grant'),
      service: ['Tyres'],
      mileage: 5000,
    });
    await data.repos.jobs.create({ customer: await customer(data, 'QRS456'), service: ['Tyres'], mileage: 6000 });
    expect(waiting.status).toBe('received');
    await toNextMonth();
    fireEvent.click(await screen.findByTestId(`day-${day}`));
    const form = await screen.findByTestId('book-form');
    // the slot prefills 09:00–10:00 of the selected day
    expect((within(form).getByLabelText('From') as HTMLInputElement).value).toBe(`${day} 09:00`);
    expect((within(form).getByLabelText('To') as HTMLInputElement).value).toBe(`${day} 10:00`);
    expect(within(form).getByRole('button', { name: 'Book' })).toHaveProperty('disabled', true);
    await within(form).findByRole('option', { name: new RegExp(`#${waiting.number} XYZ789`) });
    fireEvent.change(within(form).getByLabelText('Find job'), { target: { value: 'xyz 7' } });
    await waitFor(() => expect(within(form).queryByRole('option', { name: /QRS456/ })).toBeNull());
    fireEvent.change(within(form).getByLabelText('Job'), { target: { value: waiting.id } });
    fireEvent.click(within(form).getByRole('button', { name: '14:00' }));
    expect((within(form).getByLabelText('From') as HTMLInputElement).value).toBe(`${day} 14:00`);
    expect((within(form).getByLabelText('To') as HTMLInputElement).value).toBe(`${day} 15:00`);
    fireEvent.click(within(form).getByRole('button', { name: 'Book' }));
    await waitFor(async () => expect(await bookingEntries(data)).toHaveLength(1));
    const entry = nth(await bookingEntries(data), 0);
    expect(entry.body).toEqual({
      data: {
        id: waiting.id,
        book_start: at(day, '14:00'),
        book_end: at(day, '15:00'),
        base: { book_start: null, book_end: null },
        device: 'T1',
      },
    });
    expect((await data.db.jobs.get(waiting.id))?.status).toBe('booked');
    expect(await within(screen.getByTestId(`day-${day}`)).findByText('14:00 XYZ789')).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Bookings of the day' })).toBeTruthy();
  });

  it("the day form checks the times too ('Invalid booking dates')", async () => {
    const { data } = await renderScreen(<Calendar />, { level: 5, path: '/view-calendar' });
    const day = nextMonthDay(21);
    const job = await data.repos.jobs.create({
      customer: await customer(data, 'LMN321'),
      service: ['Tyres'],
      mileage: 5000,
    });
    await toNextMonth();
    fireEvent.click(await screen.findByTestId(`day-${day}`));
    const form = await screen.findByTestId('book-form');
    await within(form).findByRole('option', { name: /LMN321/ });
    fireEvent.change(within(form).getByLabelText('Job'), { target: { value: job.id } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: `${day} 16:00` } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: `${day} 15:00` } });
    fireEvent.click(within(form).getByRole('button', { name: 'Book' }));
    expect(await within(form).findByText(MSG.invalidBookingDates)).toBeTruthy();
    expect(await bookingEntries(data)).toHaveLength(0);
    expect((await data.db.jobs.get(job.id))?.status).toBe('received');
  });

  it("offers level 5 no reschedule on a complete job: read-only with 'Cannot update final requests', as book() refuses", async () => {
    const { data } = await renderScreen(<Calendar />, { level: 5, path: '/view-calendar' });
    const day = nextMonthDay(15);
    const job = await bookedJob(data, 'FIN123', day);
    await data.repos.jobs.setStatus(job.id, 'active');
    await data.repos.invoices.create(job.id, { work_hour: 1, rate_hour: 5000 }, []);
    await data.repos.jobs.setStatus(job.id, 'complete');
    await toNextMonth();
    const dialog = await openEvent('10:00 FIN123');
    await waitFor(() => expect(within(dialog).getByText(MSG.cannotUpdateFinal)).toBeTruthy());
    expect(within(dialog).getByTestId('booking-times').textContent).toBe(`${day} 10:00 – ${day} 11:00`);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    // the repository says the same: the form is offered exactly where book() would accept it
    await expect(data.repos.jobs.book(job.id, at(day, '12:00'), at(day, '13:00'))).rejects.toThrow(
      MSG.cannotUpdateFinal,
    );
    expect(await bookingEntries(data)).toHaveLength(0);
  });

  it('offers the reschedule form where the domain allows a booking update, and nowhere else', () => {
    for (const level of [1, 2, 3, 4, 5]) {
      for (const status of JOB_STATUSES)
        expect(canRebook(status, level), `${status} at ${level}`).toBe(checkBookingUpdate(status, level).ok);
    }
    expect(['booked', 'received', 'active'].every((s) => canRebook(s, 4) && canRebook(s, 5))).toBe(true);
    expect(['complete', 'canceled'].some((s) => canRebook(s, 5))).toBe(false);
    expect(canRebook('booked', 3)).toBe(false);
  });

  it('colours its chips from the same status map as the job table', async () => {
    for (const s of JOB_STATUSES) expect(statusTint(s).palette).toBe(STATUS_COLOR[s]);
    expect(statusPalette('booked')).toBe(STATUS_COLOR.booked);
    const { data } = await renderScreen(<Calendar />, { level: 4, path: '/view-calendar' });
    const day = nextMonthDay(15);
    const job = await bookedJob(data, 'COL123', day);
    await data.repos.jobs.setStatus(job.id, 'received');
    await toNextMonth();
    const chip = (await screen.findByText('10:00 COL123')).closest('[data-testid="event-chip"]') as HTMLElement;
    expect(chip.dataset.status).toBe('received');
  });

  it('level 3 sees the bookings but no booking form, and a read-only event dialog', async () => {
    const { data } = await renderScreen(<Calendar />, { level: 3, path: '/view-calendar' });
    const day = nextMonthDay(15);
    const job = await bookedJob(data, 'ABC123', day);
    await toNextMonth();
    fireEvent.click(await screen.findByTestId(`day-${day}`));
    await screen.findByRole('list', { name: 'Bookings of the day' });
    expect(screen.queryByTestId('book-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
    const dialog = await openEvent('10:00 ABC123');
    expect(within(dialog).getByText(`Job #${job.number}`)).toBeTruthy();
    expect(within(dialog).getByTestId('booking-times').textContent).toBe(`${day} 10:00 – ${day} 11:00`);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await bookingEntries(data)).toHaveLength(0);
  });

  it('level 2 may view the calendar (read-only)', async () => {
    const { data } = await renderScreen(<Calendar />, { level: 2, path: '/view-calendar' });
    const day = nextMonthDay(15);
    await bookedJob(data, 'ABC123', day);
    await toNextMonth();
    expect(await within(await screen.findByTestId(`day-${day}`)).findByText('10:00 ABC123')).toBeTruthy();
    expect(screen.queryByTestId('book-form')).toBeNull();
  });
});
