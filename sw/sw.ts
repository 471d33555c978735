/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The built shell: every hashed asset plus index.html; old precaches go when a new worker activates.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes open the shell offline. /api is never answered from here: it always goes to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/healthz/, /^\/readyz/],
  }),
);

// A new worker waits until the user chooses 'Aggiorna' (the page posts SKIP_WAITING), then takes over the open tabs.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
