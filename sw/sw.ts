/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SETUP_PATH } from '../src/domain/secureAddress';
import { installOutboxHook } from './outbox-hook';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell and every screen's chunk: after one visit the app opens with the network off.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Screen routes answer with the shell; the API and the OpenAPI pages never come from a cache (data lives in
// IndexedDB and is pulled fresh), nor does the build metadata the app checks for new versions, nor the server's
// "Set up this device" page (its certificate downloads are the server's, not the app's).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/docs/, /^\/build-meta\.json/, new RegExp(`^${SETUP_PATH}(/|$)`)],
  }),
);

// A new version waits until the app says the outbox is idle and the user (or the build check) asks for it.
self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING' || event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

installOutboxHook(self);
