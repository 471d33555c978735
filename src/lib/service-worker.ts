/** Switches the page to the new build that is waiting. */
export type Activate = () => void;

/**
 * Registers the service worker built from sw/ (production builds only: the dev server has none) and tells
 * `onWaiting` when a new build is installed and waits to take over: at once when one was already waiting, or once
 * an update has installed. Plain `navigator.serviceWorker` rather than workbox-window: this runs on every page.
 */
export function registerServiceWorker(onWaiting: (activate: Activate) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { serviceWorker } = navigator;
  const offer = (worker: ServiceWorker) =>
    onWaiting(() => {
      // The waiting worker takes over on SKIP_WAITING (sw/sw.ts); the page reloads once it controls it.
      serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  void serviceWorker.register('/sw.js').then((registration) => {
    // Without a controller this is the first install, not an update: it takes over by itself.
    if (registration.waiting && serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && serviceWorker.controller) offer(worker);
      });
    });
  });
}
