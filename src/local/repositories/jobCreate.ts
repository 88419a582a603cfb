import { newRow } from '../../domain/model';
import { newId } from '../../domain/ids';
import { MSG } from '../../domain/messages';
import { can } from '../../domain/permissions';
import { plateKey } from '../../domain/model/keys';
import { REQUEST_CALLS, planJobRequest } from '../../domain/writes/jobRequests';
import { callOf, checkedCall, orRefuse } from '../calls';
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
export async function createJob(db: BayBookDB, input: NewJob): Promise<JobRow> {
  const v = await checkedCall(db, REQUEST_CALLS.add, {
    customer_id: input.customer?.id,
    service: input.service,
    mileage: input.mileage,
    customer_note: input.customer_note ?? '',
    book_start: input.book_start ?? null,
    book_end: input.book_end ?? null,
    type: input.type ?? 'service',
  });
  return localWrite(db, async (w) => {
    let c = input.customer;
    // the rows this entry creates on the server: the job, and a new customer sent inside it (below customer.add)
    const creates: string[] = [];
    if (input.newCustomer) {
      c = await putNewCustomer(w, input.newCustomer);
      if (can('customer.add', w.session.permission)) await enqueueNewCustomer(w, c.id, input.newCustomer);
      else creates.push(c.id);
    }
    if (!c) throw new LocalWriteError(MSG.customerNotFoundUpper);
    const tz = await shopTimeZone(db);
    const [start, end] = [iso(v.book_start, tz), iso(v.book_end, tz)];
    const plan = orRefuse(planJobRequest(c, v, start && end ? { start, end, timeZone: tz } : null));
    const id = newId();
    creates.unshift(id);
    const job: JobRow = newRow(
      'jobs',
      {
        ...plan.row,
        id,
        number: await w.nextNumber('job'),
        vin_key: plateKey(c.vin),
        registration_key: plateKey(c.registration),
        active_at: null,
        complete_at: null,
        created_by: w.session.username,
      },
      w.now,
    );
    await w.put('jobs', job);
    await w.enqueue(newJobCall(job, c, creates));
    return job;
  });
}

/** The POST /service call for a new job (with its customer's fields, for a server that lacks the customer). */
function newJobCall(job: JobRow, c: CustomerRow, creates: string[]): EnqueueInput {
  const customer = {
    id: c.id,
    vin: c.vin,
    registration: c.registration,
    first_name: c.first_name,
    last_name: c.last_name,
    contact: c.contact,
    email: c.email,
  };
  const { service, mileage, customer_note, book_start, book_end } = job;
  return {
    ...callOf(REQUEST_CALLS.add, {
      ...{ id: job.id, number: job.number, customer, customer_id: c.id, service, mileage, customer_note },
      ...{ book_start, book_end, type: job.type === 'product' ? 'product' : 'service' },
    }),
    creates,
    needs: [c.id],
    label:
      creates.length > 1
        ? `Job #${job.number} for new customer ${c.first_name} ${c.last_name} (${c.registration})`
        : `Job #${job.number} for ${c.registration}`,
  };
}
