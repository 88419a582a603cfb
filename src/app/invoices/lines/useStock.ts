import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { useRepos } from '../../data/DataProvider';
import type { Line } from './types';

/**
 * The stock of each product on the lines, live from the device's products (another device's sale arriving by the
 * pull changes it): `(id) => stock` for LinesTable's qty check (SPEC §5 '{title} has only ({stock}) in stock').
 * `held(id)` adds what a saved document already holds (the invoice editor: its units left stock when it was saved).
 */
export function useLineStock(
  lines: readonly Line[],
  held?: (id: string) => number,
): (id: string) => number | undefined {
  const repos = useRepos();
  const key = [...new Set(lines.map((l) => l.id))].sort().join(',');
  const stocks = useLiveQuery(async () => {
    const ids = key ? key.split(',') : [];
    const rows = await Promise.all(ids.map((id) => repos.products.get(id)));
    return new Map(rows.filter((p) => !!p).map((p) => [p.id, p.stock]));
  }, [repos, key]);
  return useCallback(
    (id: string) => {
      const s = stocks?.get(id);
      return s === undefined ? undefined : s + (held?.(id) ?? 0);
    },
    [stocks, held],
  );
}
