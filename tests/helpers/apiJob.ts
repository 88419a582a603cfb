import type { TestServer } from './server';

/** A customer and a job for them through POST /service (one service), for an API suite that needs a job: its id. */
export async function apiJob(s: TestServer, vin: string, registration: string): Promise<string> {
  const res = await s.api('POST', '/service', {
    body: {
      data: {
        customer: { vin, registration, first_name: 'Test', last_name: 'Customer', contact: '8765550100' },
        mileage: 5,
        service: ['Oil change'],
      },
    },
  });
  if (res.status !== 200) throw new Error(`POST /service: ${res.status} ${res.body.message}`);
  return res.body.id as string;
}

/** A customer through POST /customer with SPEC's keys, for an API suite that needs one: its id. */
export async function apiCustomer(s: TestServer, vin: string, registration: string): Promise<string> {
  const res = await s.api('POST', '/customer', {
    body: {
      data: {
        VIN: vin,
        'Registration Number': registration,
        'First name': 'Test',
        'Last name': 'Customer',
        'Contact number': '8765550100',
      },
    },
  });
  if (res.status !== 200) throw new Error(`POST /customer: ${res.status} ${res.body.message}`);
  return res.body.id as string;
}

/** A job (one service) for a customer already stored, through POST /service: its id. */
export async function apiJobOf(s: TestServer, customerId: string): Promise<string> {
  const res = await s.api('POST', '/service', {
    body: { data: { customer_id: customerId, mileage: 10, service: ['Oil change'] } },
  });
  if (res.status !== 200) throw new Error(`POST /service: ${res.status} ${res.body.message}`);
  return res.body.id as string;
}
