import { array, number, object, string, type InferType } from 'yup';
import { checkBooking } from '../dates';
import { STATUS_OPTIONS } from '../jobs';
import { MSG } from '../messages';
import { idField } from './common';

const mileage = () =>
  number()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .typeError(MSG.invalidMileage)
    .required(MSG.invalidMileage)
    .integer(MSG.invalidMileage)
    .min(0, MSG.invalidMileage)
    .max(9_999_999, MSG.invalidMileage);

const services = () => array(string().trim().required().max(200)).required(MSG.selectOneService).min(1, MSG.selectOneService).max(100);

/**
 * SPEC §5 booking: future dates, start not after end; 'now' is injectable for tests. Each time is ISO with an offset
 * or 'YYYY-MM-DD HH:mm' read in `tz` (the server checks again in the config sheet's zone, which it knows only at
 * request time, and stores the instant: see bookingInstant).
 */
export function bookingFields(now: () => Date = () => new Date(), tz?: string) {
  return {
    book_start: string().nullable().default(null),
    book_end: string()
      .nullable()
      .default(null)
      .test('booking', MSG.invalidDates, function (end) {
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
    number: string().optional(),
    customer_id: idField().optional(),
    mileage: mileage(),
    service: services(),
    customer_note: string().max(500, MSG.noteMax).default(''),
    ...bookingFields(now),
  });
}
export const serviceRequestSchema = makeServiceRequestSchema();
export type ServiceRequestInput = InferType<typeof serviceRequestSchema>;

export function makeBookingDateSchema(now?: () => Date) {
  return object({ id: idField().required(MSG.invalidId), ...bookingFields(now) }).test('both', MSG.invalidDates, (v) => !!v.book_start && !!v.book_end);
}
export const bookingDateSchema = makeBookingDateSchema();

export const mileageEditSchema = object({ id: idField().required(MSG.invalidId), mileage: mileage() });
export const servicesEditSchema = object({ id: idField().required(MSG.invalidId), service: services() });
export const statusChangeSchema = object({
  id: idField().required(MSG.invalidId),
  status: string().required('Select a status').oneOf([...STATUS_OPTIONS], 'Select a status'),
  detail: string().default(''),
});
export const technicianSchema = object({ id: idField().required(MSG.invalidId), technician: string().trim().default(''), detail: string().default('') });
export const jobNoteSchema = object({ id: idField().required(MSG.invalidId), value: string().max(2000).default('') });
export const jobIdSchema = object({ id: idField().required(MSG.invalidId) });

/** Service-log comment (SPEC §5). */
/** SPEC's call is {value, id} with the job's id; devices also send their own entry id as {id, job_id}. */
export const serviceLogSchema = object({
  id: idField().required(MSG.invalidId),
  job_id: idField().optional(),
  log_id: idField().optional(),
  value: string().trim().required(MSG.writeSomething).min(1, MSG.writeSomething).max(2000),
});
/** The service-log delete prompt shows the first 15 characters of the message (SPEC §9). */
export const logPreview = (message: string) => message.slice(0, 15);

export const outstandingSchema = object({ vin: string().trim().required(MSG.invalidVin), mileage: number().typeError(MSG.invalidMileage).min(0).default(0) });
