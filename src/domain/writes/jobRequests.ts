import { string, type InferType } from 'yup';
import { BOOKING_FORMAT, formatShop } from '../dates';
import { MSG } from '../messages';
import type { DeviceRow } from '../model';
import { fieldGroup, makeServiceRequestSchema } from '../schemas';
import type { Refusal, WriteCall } from './calls';

/**
 * A service request (SPEC §5 Make Service Request) as a catalogue write (issue 17): the new job row is built here
 * once, from the customer it is for and the checked call, so the device's job and the server's job are the same row.
 * The customer is the caller's to find (the device's rows; the server's by id, VIN or the fields sent) and the
 * booking's instants too (each side reads 'YYYY-MM-DD HH:mm' in the shop's zone).
 */
export const REQUEST_CALLS = {
  /** {customer_id or customer {fields}, service[], mileage, customer_note?, book_start?, book_end?}; a device sends its id and number */
  add: {
    method: 'POST',
    path: '/service',
    action: 'job.create',
    body: makeServiceRequestSchema().shape({
      customer: fieldGroup('customer').optional(),
      type: string().oneOf(['service', 'product']).default('service'),
    }),
  },
} as const satisfies Record<string, WriteCall<unknown>>;

export type ServiceRequestCall = InferType<(typeof REQUEST_CALLS)['add']['body']>;

/** The customer as a request reads it. */
export interface RequestCustomer {
  id: string;
  vin: string;
  registration: string;
  first_name: string;
  last_name: string;
  contact: string;
  email: string;
  active: number;
}

/** the job row a request builds: the model's row less what the store assigns */
export type NewJobRow = Pick<
  DeviceRow<'jobs'>,
  | 'customer_id'
  | 'vin'
  | 'registration'
  | 'first_name'
  | 'last_name'
  | 'contact'
  | 'email'
  | 'mileage'
  | 'service'
  | 'status'
  | 'book_start'
  | 'book_end'
  | 'start'
  | 'customer_note'
  | 'type'
>;

export type PlannedRequest = { ok: true; row: NewJobRow; log: string } | Refusal;

/** The new job for a checked request: received, or booked when it has a booking (UTC ISO instants, the shop's zone). */
export function planJobRequest(
  c: RequestCustomer,
  v: Pick<ServiceRequestCall, 'mileage' | 'service' | 'customer_note' | 'type'>,
  booking: { start: string; end: string; timeZone: string } | null,
): PlannedRequest {
  if (Number(c.active) !== 1) return { ok: false, message: MSG.customerBlocked };
  const row: NewJobRow = {
    customer_id: c.id,
    vin: c.vin,
    registration: c.registration,
    first_name: c.first_name,
    last_name: c.last_name,
    contact: c.contact,
    email: c.email || 'none',
    mileage: v.mileage,
    service: v.service,
    status: booking ? 'booked' : 'received',
    book_start: booking?.start ?? null,
    book_end: booking?.end ?? null,
    start: booking?.start ?? null,
    customer_note: v.customer_note ?? '',
    type: v.type === 'product' ? 'product' : 'service',
  };
  return { ok: true, row, log: `received: ${v.service.join(', ')}${booked(booking)}` };
}

/** The log's booking, in the shop's time zone as every log line (SPEC's booking format). */
function booked(booking: { start: string; timeZone: string } | null): string {
  return booking ? `, booked for ${formatShop(booking.start, booking.timeZone, BOOKING_FORMAT)}` : '';
}
