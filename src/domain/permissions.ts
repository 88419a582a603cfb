import type { Level } from './levels';

/**
 * Every permission of SPEC §6 as data: the action and the lowest level allowed to do it.
 * The router, the menus, the screens and the server's route guards all read this one table.
 * "Above N" in SPEC is written here as N + 1.
 */
export const ACTIONS = {
  // anyone signed in
  'session.use': 1,
  'job.create': 1, // /make-request is open from level 1 (SPEC §2); the service form can register a new customer inline
  'catalogue.view': 1,
  'config.read': 1,
  'sync.use': 1,
  // level 2 and up
  'customer.add': 2,
  'dash.view': 2,
  'calendar.view': 2,
  // level 3 and up ("above 2")
  'customer.view': 3,
  'customer.edit': 3,
  'job.view': 3,
  'job.status': 3,
  'job.comment': 3,
  'job.serviceNote': 3,
  'job.photos': 3,
  'serviceLog.view': 3,
  'estimate.delete': 3,
  'report.view': 3,
  'team.technicians': 3,
  'product.view': 3,
  // above 3
  'customer.history': 4,
  'estimate.edit': 4,
  'invoice.edit': 4,
  'invoice.create': 4,
  'product.edit': 4,
  'calendar.book': 4,
  'job.assign': 4,
  'job.services': 4,
  'job.cancel': 4,
  'job.mileage': 4,
  // level 4 and up
  'sale.create': 4,
  'invoice.view': 4,
  'estimate.view': 4,
  'estimate.create': 4,
  'inventory.view': 4,
  'serviceLog.add': 4,
  'request.book': 4,
  'payment.take': 4,
  // level 5 ("above 4" and "level 5")
  'invoice.delete': 5,
  'finance.view': 5,
  'transaction.view': 5,
  'transaction.delete': 5,
  'supplier.manage': 5,
  'team.manage': 5,
  'log.view': 5,
  'config.edit': 5,
  'customer.block': 5,
  'serviceLog.delete': 5,
  'product.manage': 5,
  'job.reopenFinal': 5,
  // beyond SPEC (issue 18): the end-of-day cash-up, at the level of the Transactions and Reports screens
  'cashup.close': 5,
  // beyond SPEC (issue 18): the time clock on a job, for whoever works on jobs (SPEC §6: status and photos, above 2)
  'job.clock': 3,
} as const satisfies Record<string, Level>;

export type Action = keyof typeof ACTIONS;

export function minLevel(action: Action): Level {
  return ACTIONS[action];
}

export function can(action: Action, level: number | null | undefined): boolean {
  return typeof level === 'number' && level >= ACTIONS[action];
}

/** Users below level 4 read the authorization terms on the service form (SPEC §6). */
export function seesAuthorizationTerms(level: number): boolean {
  return level < 4;
}
