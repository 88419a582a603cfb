import { useObservable } from 'dexie-react-hooks';
import { startTransition } from 'react';
import { calmLiveQuery } from '../../local/calmLiveQuery';
import { catchingUp } from '../../sync/status';
import { useSync } from '../data/DataProvider';

/**
 * useLiveQuery for screens watched during a first sync (the Dashboard): an answer equal to the one shown is not
 * rendered again, and while the sync engine pulls with pages still to come (catchingUp), the answers are rendered
 * together at most once a second, as a transition: React renders them in slices between the page's input
 * (src/local/calmLiveQuery.ts says why). A routine pull's one page shows at once.
 * `undefined` until the first answer, as useLiveQuery.
 */
export function useCalmLiveQuery<T>(querier: () => T | Promise<T>, deps: unknown[]): T | undefined {
  const { status } = useSync();
  return useObservable<T>(
    () => calmLiveQuery(querier, { busy: () => catchingUp(status.get().pulling), showHeld: startTransition }),
    [status, ...deps],
  );
}
