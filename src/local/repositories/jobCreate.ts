import { newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { plateKey } from '../../domain/model/keys';
import type { BayBookDB, CustomerRow, JobRow } from '../db';
import { shopTimeZone } from '../rows';
import { LocalWriteError, localWrite, type EnqueueInput } from '../write';
import { enqueueNewCustomer, putNewCustomer, type CustomerForm } from './customers';
import { iso } from './jobActions';

export interface NewJob {
  /** the job's customer, found on the device */
  customer?: CustomerRow;
  /**
   * or a new customer registered with this request (Make Service Request's "New customer"), in the same transaction.
   * From the level that may add customers (`customer.add`) it is queued as its own POST /customer before the
   * POST /service; below it (level 1, whom POST /customer refuses) only inside the POST /service, whose server route
   * creates the customer from the fields it is sent (docs/DECISIONS.md).
   */
  newCustomer?: CustomerForm;
  service: string[];
  mileage: number;
  customer_note?: string;
  /** level 4 and up may book a date on the request form ('YYYY-MM-DD HH:mm' or ISO) */
  book_start?: string | null;
  book_end?: string | null;
  type?: 'service' | 'product';
}

/** POST /service {customer, service[]} — a new job numbered from this device's series. Returns the job. */
export function createJob(db: BayBookDB, input: NewJob): Promise<JobRow> {
  return localWrite(db, async (w) => {
    if (input.customer && Number(input.customer.active) === 0) throw new LocalWriteError(MSG.customerBlocked);
    if (!input.service.length && input.type !== 'product') throw new LocalWriteError(MSG.selectOneService);
    let c = input.customer;
    // the rows this entry creates on the server: the job, and a new customer sent inside it (below customer.add)
    const creates: string[] = [];
    if (input.newCustomer) {
      c = await putNewCustomer(w, input.newCustomer);
      if (can('customer.add', w.session.permission)) await enqueueNewCustomer(w, c.id, input.newCustomer);
      else creates.push(c.id);
    }
    if (!c) throw new LocalWriteError(MSG.customerNotFoundUpper);
    const id = newId();
    creates.unshift(id);
    const number = await w.nextNumber('job');
    const stamp = { id, number, tz: await shopTimeZone(db), by: w.session.username, now: w.now };
    const job = newJobRow(c, input, stamp);
    await w.put('jobs', job);
    await w.enqueue(newJobCall(job, c, creates));
    return job;
  });
}

/** The job row a request makes, from its customer's vehicle and contact. */
function newJobRow(
  c: CustomerRow,
  input: NewJob,
  stamp: { id: string; number: string; tz: string; by: string; now: string },
): JobRow {
  const booked = !!input.book_start;
  return {
    id: stamp.id,
    number: stamp.number,
    customer_id: c.id,
    vin: c.vin,
    vin_key: plateKey(c.vin),
    registration: c.registration,
    registration_key: plateKey(c.registration),
    first_name: c.first_name,
    last_name: c.last_name,
    contact: c.contact,
    email: c.email || 'none',
    mileage: input.mileage,
    service: input.service,
    status: booked ? 'booked' : 'received',
    book_start: iso(input.book_start, stamp.tz),
    book_end: iso(input.book_end, stamp.tz),
    start: iso(input.book_start, stamp.tz),
    active_at: null,
    complete_at: null,
    technician: '',
    customer_note: input.customer_note ?? '',
    service_note: '',
    comment: '',
    invoice: [],
    type: input.type ?? 'service',
    created_by: stamp.by,
    created_at: stamp.now,
    updated_at: stamp.now,
    version: 1,
  };
}

/** The POST /service call for a new job (with its customer's fields, for a server that lacks the customer). */
function newJobCall(job: JobRow, c: CustomerRow, creates: string[]): EnqueueInput {
  return {
    method: 'POST',
    path: '/service',
    body: {
      data: {
        id: job.id,
        number: job.number,
        customer: {
          id: c.id,
          vin: c.vin,
          registration: c.registration,
          first_name: c.first_name,
          last_name: c.last_name,
          contact: c.contact,
          email: c.email,
        },
        customer_id: c.id,
        service: job.service,
        mileage: job.mileage,
        customer_note: job.customer_note,
        book_start: job.book_start,
        book_end: job.book_end,
        type: job.type,
      },
    },
    creates,
    needs: [c.id],
    label:
      creates.length > 1
        ? `Job #${job.number} for new customer ${c.first_name} ${c.last_name} (${c.registration})`
        : `Job #${job.number} for ${c.registration}`,
  };
}
