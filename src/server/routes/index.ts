import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../http/services';
import { authRoutes } from './auth';
import { cashupsRoutes } from './cashups';
import { configRoutes } from './config';
import { customersRoutes } from './customers';
import { deviceRoutes } from './devices';
import { discardedRoutes } from './discarded';
import { documentRoutes } from './documents';
import { estimatesRoutes } from './estimates';
import { healthRoutes } from './health';
import { inventoryRoutes } from './inventory';
import { invoicesRoutes } from './invoices';
import { jobsRoutes } from './jobs';
import { liveRoutes } from './live';
import { logoRoutes } from './logo';
import { paymentsRoutes } from './payments';
import { photosRoutes } from './photos';
import { productsRoutes } from './products';
import { reportsRoutes } from './reports';
import { suppliersRoutes } from './suppliers';
import { syncRoutes } from './sync';
import { teamRoutes } from './team';

/** One plugin function per area of SPEC §7; each registers its routes through defineRoute (permission table). */
export function registerRoutes(api: FastifyInstance, s: AppServices) {
  healthRoutes(api, s);
  authRoutes(api, s);
  teamRoutes(api, s);
  deviceRoutes(api, s);
  discardedRoutes(api, s);
  syncRoutes(api, s);
  liveRoutes(api, s);
  configRoutes(api, s);
  logoRoutes(api, s);
  customersRoutes(api, s);
  jobsRoutes(api, s);
  photosRoutes(api, s);
  productsRoutes(api, s);
  inventoryRoutes(api, s);
  suppliersRoutes(api, s);
  invoicesRoutes(api, s);
  paymentsRoutes(api, s);
  estimatesRoutes(api, s);
  reportsRoutes(api, s);
  cashupsRoutes(api, s);
  documentRoutes(api, s);
}
