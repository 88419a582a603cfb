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
