import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { shopSettings } from '../../../domain/configSheet';
import { NO_TAX, taxOf } from '../../../domain/tax';
import type { EstimateRow } from '../../../local/repositories/estimates';
import { useRepos } from '../../data/DataProvider';
import { draftOf, newDraft, sameDraft, type EstimateDraft } from './draft';

/** The draft being typed, for the estimate it was started on ('new' or the id). */
interface DraftState {
  key: string;
  draft: EstimateDraft | null;
  /** the version of the saved estimate the draft was started from */
  version: number | null;
}

/**
 * The estimate editor's draft over what is saved (or, for a new estimate, the config sheet's starting point). An
 * untouched draft follows the saved estimate live (another device's edit); a touched one remembers the version it
 * started from, so the screen can say the estimate changed underneath. `current` is null when ?id= names no estimate.
 */
export function useEstimateDraft(id: string) {
  const repos = useRepos();
  const key = id || 'new';
  const row = useLiveQuery(async () => (id ? ((await repos.estimates.get(id)) ?? null) : null), [repos, id]);
  const config = useLiveQuery(() => repos.config.list(), [repos]);
  const [state, setState] = useState<DraftState>({ key, draft: null, version: null });
  // the row a save just returned, until the live query catches up (no flicker of the old figures, no spinner on ?id=)
  const [justSaved, setJustSaved] = useState<EstimateRow | null>(null);

  const current = justSaved && justSaved.id === id && (!row || row.version < justSaved.version) ? justSaved : row;
  const fresh = config ? newDraft(shopSettings(config).labourRateCents) : null;
  const base = id ? (current ? draftOf(current) : null) : fresh;
  const own = state.key === key ? state.draft : null;
  const dirty = !!own && !!base && !sameDraft(own, base);
  const draft = dirty ? own : base;
  const saved = id ? (current ?? null) : null;
  // a saved estimate keeps the tax it was saved with; a new one takes the shop's (src/domain/writes/estimates.ts)
  const tax = id ? taxOf(current?.totals) : config ? shopSettings(config).tax : NO_TAX;

  const update = (change: (d: EstimateDraft) => EstimateDraft) =>
    setState((s) => {
      const latest = s.key === key && s.draft && base && !sameDraft(s.draft, base) ? s.draft : draft;
      if (!latest) return s;
      return { key, draft: change(latest), version: s.key === key && s.draft ? s.version : (saved?.version ?? null) };
    });
  /** After a save: its row stands until the live query has it, and the draft starts afresh on it. */
  const settle = (next: EstimateRow) => {
    setJustSaved(next);
    setState({ key: next.id, draft: null, version: null });
  };

  return {
    current,
    draft,
    dirty,
    saved,
    tax,
    changedElsewhere: dirty && !!saved && state.version !== null && saved.version !== state.version,
    update,
    settle,
  };
}

export type EstimateDraftState = ReturnType<typeof useEstimateDraft>;
