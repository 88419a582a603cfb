import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../http/services';
import { actionRoutes } from './actions';
import { bookingRoutes } from './bookings';
import { listRoutes } from './list';
import { requestRoutes } from './requests';
import { serviceLogRoutes } from './serviceLog';

/** The job routes of SPEC §7, one file per seam; registered in the order the single file had them. */
export function jobsRoutes(app: FastifyInstance, s: AppServices) {
  requestRoutes(app, s);
  listRoutes(app, s);
  bookingRoutes(app, s);
  actionRoutes(app, s);
  serviceLogRoutes(app, s);
}
