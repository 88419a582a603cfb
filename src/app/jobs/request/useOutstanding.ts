import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useRepos } from '../../data/DataProvider';
import type { RequestFormValues } from './form';

/**
 * The chosen vehicle's outstanding services (the domain's outstandingServices, through repos.jobs.outstanding),
 * pre-ticked on the checklist: when the vehicle changes, and again when the mileage is left.
 */
export function useOutstanding(
  vehicleVin: string | null,
  form: Pick<UseFormReturn<RequestFormValues>, 'getValues' | 'setValue'>,
  isSubmitted: boolean,
) {
  const repos = useRepos();
  const { getValues, setValue } = form;
  const [outstanding, setOutstanding] = useState<string[]>([]);
  const suggested = useRef<string[]>([]);
  const run = useRef(0);

  const apply = useCallback(
    async (vin: string | null, mileageText: string) => {
      const mine = ++run.current;
      const m = Number(mileageText);
      const list = vin ? await repos.jobs.outstanding(vin, Number.isInteger(m) && m >= 0 ? m : 0) : [];
      if (mine !== run.current) return;
      const before = suggested.current;
      // earlier suggestions that no longer apply (another vehicle) are unticked; new ones ticked; the rest as left
      const next = new Set(getValues('service').filter((s) => !(before.includes(s) && !list.includes(s))));
      for (const s of list) if (!before.includes(s)) next.add(s);
      suggested.current = list;
      setOutstanding(list);
      setValue('service', [...next], { shouldValidate: isSubmitted });
    },
    [repos, getValues, setValue, isSubmitted],
  );

  useEffect(() => {
    void apply(vehicleVin, getValues('mileage'));
    // Only when the vehicle changes: mileage changes re-check on blur, and apply is new after a submit
    // (isSubmitted), which must not re-run the lookup. The effect reads this render's apply, never a stale one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vehicleVin]);

  /** The mileage was left: the vehicle's outstanding work again, at that mileage. */
  const recheck = () => {
    if (vehicleVin) void apply(vehicleVin, getValues('mileage'));
  };

  const clear = () => {
    suggested.current = [];
    setOutstanding([]);
  };

  return { outstanding, recheck, clear };
}
