import type { BayBookDB } from '../db';
import { cashupsRepository } from './cashups';
import { clockRepository } from './clock';
import { customersRepository } from './customers';
import { estimatesRepository } from './estimates';
import { financeRepository } from './finance';
import { invoicesRepository } from './invoices';
import { jobsRepository } from './jobs';
import { logsRepository } from './logs';
import { productPages } from './productPages';
import { productsRepository } from './products';
import { configRepository, teamRepository } from './team';
import { teamPages } from './teamPages';

/**
 * Every repository over one database: what the screens use (never Dexie tables, never fetch).
 *   const repos = createRepositories(db);
 *   const rows = useLiveQuery(() => repos.customers.search(text), [text]);
 *   await repos.jobs.setStatus(id, 'active');
 */
export function createRepositories(db: BayBookDB) {
  return {
    customers: customersRepository(db),
    jobs: jobsRepository(db),
    invoices: invoicesRepository(db),
    finance: financeRepository(db),
    cashups: cashupsRepository(db),
    clock: clockRepository(db),
    products: { ...productsRepository(db), ...productPages(db) },
    estimates: estimatesRepository(db),
    team: { ...teamRepository(db), ...teamPages(db) },
    config: configRepository(db),
    logs: logsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
export {
  customersRepository,
  estimatesRepository,
  invoicesRepository,
  jobsRepository,
  productsRepository,
  teamRepository,
  configRepository,
  logsRepository,
};
