import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import { MSG } from '../../../domain/messages';
import type { CustomerRow } from '../../../local/db';
import { useRepos } from '../../data/DataProvider';
import { isBlocked, lookupCustomer } from './form';

/**
 * Make Service Request's customer lookup by VIN or registration: the text typed, the refusal shown under it, the
 * matches when several customers fit, and the chosen customer — live, so a block or an edit arriving by sync shows.
 */
export function useCustomerLookup(initialText: string) {
  const repos = useRepos();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState('');
  const [matches, setMatches] = useState<CustomerRow[]>([]);
  const [picked, setPicked] = useState<CustomerRow | null>(null);
  const live = useLiveQuery(() => (picked ? repos.customers.get(picked.id) : undefined), [repos, picked?.id]);
  // the live row (blocked meanwhile, edited) once it is the picked customer's; the picked row until then
  const customer = picked ? (live && live.id === picked.id ? live : picked) : null;

  /** Looks the text up; the customer when exactly one fits, else null (with the matches or the refusal shown). */
  const run = useCallback(
    async (query: string): Promise<CustomerRow | null> => {
      const r = await lookupCustomer(repos.customers, query);
      if (r.kind === 'error') {
        setError(r.message);
        setMatches([]);
        setPicked(null);
        return null;
      }
      setError('');
      if (r.kind === 'one') {
        setMatches([]);
        setPicked(r.customer);
        return r.customer;
      }
      setMatches(r.customers);
      setPicked(null);
      return null;
    },
    [repos],
  );

  /** One of several matches chosen: a blocked customer is refused with SPEC's message. */
  const choose = (c: CustomerRow) => {
    if (isBlocked(c)) {
      setError(MSG.customerBlocked);
      return;
    }
    setError('');
    setMatches([]);
    setPicked(c);
  };

  const unpick = () => {
    setPicked(null);
    setError('');
  };

  const clear = () => {
    setPicked(null);
    setMatches([]);
    setText('');
    setError('');
  };

  return { text, setText, error, setError, matches, customer, run, choose, unpick, clear };
}

export type CustomerLookup = ReturnType<typeof useCustomerLookup>;
