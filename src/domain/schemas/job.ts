import { array, number, object, string } from 'yup';
import { checkBooking } from '../dates';
import { STATUS_OPTIONS } from '../jobs';
import { MSG, fill } from '../messages';
import { idField } from './common';
import { LIMITS, boundedText } from './fields';

const MILEAGE_MAX = 9_999_999;
const mileage = () =>
  number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.invalidMileage)
    .required(MSG.invalidMileage)
    .integer(MSG.invalidMileage)
    .min(0, MSG.invalidMileage)
    .max(MILEAGE_MAX, MSG.invalidMileage);

const services = () =>
  array(boundedText('Service', LIMITS.title).trim().required(MSG.selectOneService))
    .required(MSG.selectOneService)
    .min(1, MSG.selectOneService)
    .max(LIMITS.services, fill(MSG.amountMax, { field: 'Services', max: LIMITS.services }));
const when = (field: string) => boundedText(field, LIMITS.short).nullable().default(null);
const docNumber = () => boundedText('Number', LIMITS.short).optional();

/**
 * SPEC §5 booking: future dates, start not after end; 'now' is injectable for tests. Each time is ISO with an offset
 * or 'YYYY-MM-DD HH:mm' read in `tz` (the server checks again in the config sheet's zone, which it knows only at
 * request time, and stores the instant: see bookingInstant).
 */
export function bookingFields(now: () => Date = () => new Date(), tz?: string) {
  return {
    book_start: when('Booking start'),
    book_end: when('Booking end').test('booking', MSG.invalidDates, function (end) {
      const start = this.parent.book_start as string | null;
      if (!start && !end) return true;
      const c = checkBooking(start, end, now(), tz);
      return c.ok ? true : this.createError({ message: c.message });
    }),
  };
}

/**
 * Make Service Request (SPEC §5): the customer part is checked by serviceCustomerSchema (or the customer is given by
 * id); here mileage, services and the optional booking.
 */
export function makeServiceRequestSchema(now?: () => Date) {
  return object({
    id: idField().optional(),
    number: docNumber(),
    customer_id: idField().optional(),
    mileage: mileage(),
    service: services(),
    customer_note: boundedText('Note', LIMITS.note, MSG.noteMax).default(''),
    ...bookingFields(now),
  });
}

export function makeBookingDateSchema(now?: () => Date) {
  return object({ id: idField().required(MSG.invalidId), ...bookingFields(now) }).test(
    'both',
    MSG.invalidDates,
    (v) => !!v.book_start && !!v.book_end,
  );
}

/**
 * A booking change sent with base values (issue 14): only the times a person changed, each with the value it was
 * based on; a time left out stays as the job has it. The route checks the pair in the shop's zone once it has read
 * the job; a call without base is checked whole by makeBookingDateSchema, as before.
 */
export const bookingChangeSchema = object({
  id: idField().required(MSG.invalidId),
  book_start: when('Booking start'),
  book_end: when('Booking end'),
});

export const mileageEditSchema = object({ id: idField().required(MSG.invalidId), mileage: mileage() });
export const servicesEditSchema = object({ id: idField().required(MSG.invalidId), service: services() });
export const statusChangeSchema = object({
  id: idField().required(MSG.invalidId),
  status: string()
    .required('Select a status')
    .oneOf([...STATUS_OPTIONS], 'Select a status'),
  detail: boundedText('Detail', LIMITS.text).default(''),
});
export const technicianSchema = object({
  id: idField().required(MSG.invalidId),
  technician: boundedText('Technician', LIMITS.name).trim().default(''),
  detail: boundedText('Detail', LIMITS.text).default(''),
});
export const jobNoteSchema = object({
  id: idField().required(MSG.invalidId),
  value: boundedText('Note', LIMITS.text).default(''),
});
export const jobIdSchema = object({ id: idField().required(MSG.invalidId) });

/** Service-log comment (SPEC §5). */
/** SPEC's call is {value, id} with the job's id; devices also send their own entry id as {id, job_id}. */
export const serviceLogSchema = object({
  id: idField().required(MSG.invalidId),
  job_id: idField().optional(),
  log_id: idField().optional(),
  value: boundedText('Comment', LIMITS.text).trim().required(MSG.writeSomething).min(1, MSG.writeSomething),
});
/** The service-log delete prompt shows the first 15 characters of the message (SPEC §9). */
export const logPreview = (message: string) => message.slice(0, 15);

export const outstandingSchema = object({
  vin: boundedText('VIN', LIMITS.short, MSG.invalidVin).trim().required(MSG.invalidVin),
  mileage: number()
    .typeError(MSG.invalidMileage)
    .min(0, MSG.invalidMileage)
    .max(MILEAGE_MAX, MSG.invalidMileage)
    .default(0),
});
