import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openBrowser, seedShop, signIn } from './shop/device';

/**
 * `npm run seed -- --customers 50000 --jobs 100000`: fills a device database at shop size — the IndexedDB of a
 * Chromium profile signed in to a running BayBook (`npm start`, or `--url`) — with customers (a vehicle each) and
 * their jobs, as a finished first sync leaves them (the rows bench/shop/data.ts makes, the keys and counters the app
 * derives). Then open that profile to try the screens at that size:
 *   chromium --user-data-dir=data/seed-device http://localhost:3000
 * The rows live on this device only (the server never hears of them): use a throwaway profile, not a real device.
 * Sign-in: --user/--password, else BAYBOOK_ADMIN_USER/BAYBOOK_ADMIN_PASSWORD.
 */
const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '50000' },
    jobs: { type: 'string', default: '100000' },
    url: { type: 'string', default: 'http://localhost:3000' },
    user: { type: 'string', default: process.env.BAYBOOK_ADMIN_USER ?? 'admin' },
    password: { type: 'string', default: process.env.BAYBOOK_ADMIN_PASSWORD ?? '' },
    profile: { type: 'string', default: 'data/seed-device' },
  },
});
const customers = Number(values.customers);
const jobs = Number(values.jobs);
const profile = resolve(values.profile);
mkdirSync(profile, { recursive: true });

const ctx = await openBrowser(profile);
try {
  const page = await ctx.newPage();
  await signIn(page, values.url, { username: values.user, password: values.password });
  const t = Date.now();
  await seedShop(page, { from: 0, to: customers, jobsPer: customers ? jobs / customers : 0 });
  console.log(
    `seeded ${customers} customers and ${jobs} jobs in ${((Date.now() - t) / 1000).toFixed(0)} s into the profile ${profile} (${values.url})`,
  );
} finally {
  await ctx.close();
}
