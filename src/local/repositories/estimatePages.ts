import { estimateName, estimateNumber } from '../../domain/invoiceFields';
import { rowCountKey, type BayBookDB, type StoredRow } from '../db';
import { eachOfPages, readPage, type PageQuery, type TablePages } from './pageReader';

/**
 * The Estimates table's pages (issue 13, src/local/repositories/pageReader.ts): each sortable column reads its
 * `[<key>+id]` index (version 5), the total comes from the row counter, and the search finds an estimate by its
 * number (with or without 'EST') or its customer's names, by their starts.
 */

export type EstimateRow = StoredRow<'estimates'>;

export const ESTIMATE_SORTS = { number: 'number', name: 'name_key', total: 'total', created_at: 'created_at' } as const;
export type EstimateSort = keyof typeof ESTIMATE_SORTS;

function estimateText(e: EstimateRow, id: string): string {
  if (id === 'number') return estimateNumber(e);
  if (id === 'name') return estimateName(e);
  return String(e[id] ?? '');
}

export function estimatePages(db: BayBookDB) {
  const spec: TablePages<EstimateRow, EstimateSort> = {
    table: db.estimates,
    sorts: ESTIMATE_SORTS,
    total: async () => (await db.counters.get(rowCountKey('estimates')))?.n ?? 0,
    searchKeys: ['number_key', 'name_key', 'first_key'],
    columnText: estimateText,
  };
  return {
    /** one page of the Estimates table, with its total */
    page: (q: PageQuery<EstimateSort>) => readPage(spec, q),
    /** every estimate matching the table's query, a chunk at a time (Export CSV) */
    eachMatching: (
      q: Omit<PageQuery<EstimateSort>, 'limit' | 'after' | 'before'>,
      onChunk: (rows: EstimateRow[]) => void,
    ) => eachOfPages(spec, q, onChunk),
  };
}
