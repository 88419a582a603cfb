/**
 * The browser's offer to install the PWA (SPEC §1). Chromium fires `beforeinstallprompt` once, soon after the page
 * loads, often before the shell's header is on screen (the login page has none): so it is caught from the start
 * (main.tsx) and kept here until the install button uses it. Installed (`appinstalled`, or running standalone):
 * nothing is offered any more.
 */

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallState {
  prompt: InstallPromptEvent | null;
  installed: boolean;
}

const STANDALONE = '(display-mode: standalone)';
const listeners = new Set<() => void>();
let state: InstallState = { prompt: null, installed: false };
let stopWatching: (() => void) | null = null;

const set = (patch: Partial<InstallState>) => {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
};

/** Starts listening (once; later calls are no-ops). Returns the function that stops and forgets (tests). */
export function watchInstallPrompt(win: Window = window): () => void {
  if (stopWatching) return stopWatching;
  const media = win.matchMedia?.(STANDALONE);
  state = { prompt: null, installed: !!media?.matches };
  const onPrompt = (e: Event) => {
    e.preventDefault(); // the button offers it, not the browser's mini-infobar
    set({ prompt: e as InstallPromptEvent });
  };
  const onInstalled = () => set({ installed: true, prompt: null });
  const onDisplayMode = (e: MediaQueryListEvent) => e.matches && onInstalled();
  win.addEventListener('beforeinstallprompt', onPrompt);
  win.addEventListener('appinstalled', onInstalled);
  media?.addEventListener?.('change', onDisplayMode);
  stopWatching = () => {
    win.removeEventListener('beforeinstallprompt', onPrompt);
    win.removeEventListener('appinstalled', onInstalled);
    media?.removeEventListener?.('change', onDisplayMode);
    stopWatching = null;
    state = { prompt: null, installed: false };
  };
  return stopWatching;
}

export function installState(): InstallState {
  return state;
}

export function subscribeInstall(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Shows the browser's install dialog; the offer is used up either way (the browser makes a new one if it wants). */
export async function promptInstall(): Promise<void> {
  const p = state.prompt;
  if (!p) return;
  await p.prompt();
  const { outcome } = await p.userChoice;
  set({ prompt: null, installed: state.installed || outcome === 'accepted' });
}
