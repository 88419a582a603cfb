import { Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** SPEC §9: the loading indicator appears only after 1 s, so quick loads never flash. */
export function useDelayed(active: boolean, ms = 1000): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return setShown(false);
    const t = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(t);
  }, [active, ms]);
  return shown;
}

/** Chakra's Spinner is a bare span, where a name is prohibited (axe: aria-prohibited-attr): the status role carries it. */
export function DelayedSpinner({ active = true }: { active?: boolean }) {
  return useDelayed(active) ? <Spinner size="sm" role="status" aria-label="Loading" /> : null;
}

/** 'Loading…' in a table or panel that is still reading, shown only after 1 s like the spinner (SPEC §9). */
export function LoadingText({ active = true, label = 'Loading…' }: { active?: boolean; label?: string }) {
  return useDelayed(active) ? (
    <Text as="span" color="fg.muted" role="status">
      {label}
    </Text>
  ) : null;
}
