import { useEffect, useRef, useState } from 'react';

export interface VisibleArea {
  height: number;
  offsetTop: number;
}

const typedIn = (el: Element | null): el is HTMLElement =>
  !!el && el.matches('input, textarea, select, [contenteditable="true"]');

/**
 * The part of the page the user sees now: the visual viewport, which an on-screen keyboard shrinks while the layout
 * viewport (and so 100dvh) stays as it was, on iOS and by default in Chrome. While `active`, follows it; when it
 * shrinks (the keyboard comes up), brings the field being typed in back into view within its scrolling box.
 * Undefined where the browser has no visualViewport (the layout viewport is then all there is).
 */
export function useVisibleArea(active: boolean): VisibleArea | undefined {
  const [area, setArea] = useState<VisibleArea>();
  useEffect(() => {
    const vv = window.visualViewport;
    if (!active || !vv) return;
    const follow = () => setArea({ height: vv.height, offsetTop: vv.offsetTop });
    follow();
    vv.addEventListener('resize', follow);
    vv.addEventListener('scroll', follow);
    return () => {
      vv.removeEventListener('resize', follow);
      vv.removeEventListener('scroll', follow);
    };
  }, [active]);

  // once the page has taken the smaller height (an effect runs after it is laid out)
  const before = useRef<number | undefined>(undefined);
  const height = area?.height;
  useEffect(() => {
    const el = document.activeElement;
    if (height !== undefined && before.current !== undefined && height < before.current && typedIn(el))
      el.scrollIntoView({ block: 'nearest' });
    before.current = height;
  }, [height]);
  return active ? area : undefined;
}
