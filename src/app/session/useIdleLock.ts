import { useEffect } from 'react';
import { lockDevice } from './lock';

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Locks the device after `ms` without a touch, a key or a scroll (0: never). */
export function useIdleLock(ms: number) {
  useEffect(() => {
    if (!ms) return;
    let timer = setTimeout(lockDevice, ms);
    const awake = () => {
      clearTimeout(timer);
      timer = setTimeout(lockDevice, ms);
    };
    for (const e of ACTIVITY) window.addEventListener(e, awake, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, awake, { capture: true });
    };
  }, [ms]);
}
