import { Workbox } from 'workbox-window';

/**
 * Registers the service worker on every page (login included), so one visit is enough to open offline. When a new
 * version is waiting, `onWaiting` listeners are told; `activateWaiting()` lets it take over and reloads.
 */
let wb: Workbox | null = null;
let waiting = false;
const listeners = new Set<(waiting: boolean) => void>();

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || wb) return;
  wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    waiting = true;
    listeners.forEach((l) => l(true));
  });
  wb.addEventListener('controlling', () => {
    if (sessionStorage.getItem('baybook.updating')) {
      sessionStorage.removeItem('baybook.updating');
      window.location.reload();
    }
  });
  void wb.register();
}

export function onWaiting(fn: (waiting: boolean) => void): () => void {
  listeners.add(fn);
  fn(waiting);
  return () => listeners.delete(fn);
}

export function activateWaiting() {
  sessionStorage.setItem('baybook.updating', '1');
  wb?.messageSkipWaiting();
}
