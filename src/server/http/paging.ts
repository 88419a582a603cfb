import { badRequest } from './errors';

/** page is 1-based on the wire (SPEC's tables); per_page capped at 500 (SPEC §9's largest option). */
export function pageParams(query: Record<string, string | undefined>, defaultPerPage = 10) {
  const page = query.page === undefined ? 1 : Number(query.page);
  const perPage = query.per_page === undefined ? defaultPerPage : Number(query.per_page);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 500) throw badRequest('Invalid page size.');
  // a page far past any table (page=1e20) would overflow the database's bigint offset: refused, not a 500
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger((page - 1) * perPage))
    throw badRequest('Invalid page.');
  return { page, perPage, offset: (page - 1) * perPage };
}
