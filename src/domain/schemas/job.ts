import { array, object, string } from 'yup';
import { checkBooking } from '../dates';
import { STATUS_OPTIONS } from '../jobs';
import { MSG, fill } from '../messages';
import { idField } from './common';
import { jobs, serviceLog } from '../model/jobs';
import { services as serviceCatalogue } from '../model/shop';
import { LIMITS, boundedText, modelNumber, modelText } from './fields';

/** A job's mileage, as the model's field bounds it. */
const mileageField = () => modelNumber(jobs.fields.mileage, MSG.invalidMileage);
const mileage = () =>
  mileageField()
    .transform((v, orig) => (orig === '' || orig === null ? undefined : v))
    .required(MSG.invalidMileage);

/** A job's services are names from the services catalogue: each as long as a catalogue title may be. */
const services = () =>
  array(modelText('Service', serviceCatalogue.fields.title).trim().required(MSG.selectOneService))
    .required(MSG.selectOneService)
    .min(1, MSG.selectOneService)
    .max(LIMITS.services, fill(MSG.amountMax, { field: 'Services', max: LIMITS.services }));
const when = (field: string) => boundedText(field, LIMITS.short).nullable().default(null);
const docNumber = () => boundedText('Number', LIMITS.short).optional();

/**
 * SPEC §5 booking: future dates, start not after end; 'now' is injectable for tests. Each time is ISO with an offset
 * or 'YYYY-MM-DD HH:mm' read in `tz` (the server checks again in the config sheet's zone, which it knows only at
 * request time, and stores the instant: see bookingInstant). A request's booking is optional (neither time is
 * none); `needed` asks for both — a booking change, and the calendar's booking forms, which check with these fields.
 */
export function bookingFields(now: () => Date = () => new Date(), tz?: string, needed = false) {
  return {
    book_start: when('Booking start'),
    book_end: when('Booking end').test('booking', MSG.invalidDates, function (end) {
      const start = this.parent.book_start as string | null;
      if (!needed && !start && !end) return true;
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
    customer_note: modelText('Note', jobs.fields.customer_note, MSG.noteMax).default(''),
    ...bookingFields(now),
  });
}

/** A whole booking (PUT /booking-date without base): the job and both times. */
export function makeBookingDateSchema(now?: () => Date) {
  return object({ id: idField().required(MSG.invalidId), ...bookingFields(now, undefined, true) });
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
    .required(MSG.selectStatus)
    .oneOf([...STATUS_OPTIONS], MSG.selectStatus),
  detail: boundedText('Detail', LIMITS.text).default(''),
});
export const technicianSchema = object({
  id: idField().required(MSG.invalidId),
  technician: modelText('Technician', jobs.fields.technician).trim().default(''),
  detail: boundedText('Detail', LIMITS.text).default(''),
});
/** The comment for the customer or the service note (JOB_NOTES): both model fields have one limit. */
export const jobNoteSchema = object({
  id: idField().required(MSG.invalidId),
  value: modelText('Note', jobs.fields.service_note).default(''),
});
export const jobIdSchema = object({ id: idField().required(MSG.invalidId) });

/** Service-log comment (SPEC §5). */
/** SPEC's call is {value, id} with the job's id; devices also send their own entry id as {id, job_id}. */
export const serviceLogSchema = object({
  id: idField().required(MSG.invalidId),
  job_id: idField().optional(),
  log_id: idField().optional(),
  value: modelText('Comment', serviceLog.fields.message).trim().required(MSG.writeSomething).min(1, MSG.writeSomething),
});
/** The service-log delete prompt shows the first 15 characters of the message (SPEC §9). */
export const logPreview = (message: string) => message.slice(0, 15);

export const outstandingSchema = object({
  vin: boundedText('VIN', LIMITS.short, MSG.invalidVin).trim().required(MSG.invalidVin),
  mileage: mileageField().default(0),
});
