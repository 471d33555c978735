import { Workbox } from 'workbox-window';

/** Registers the service worker built from sw/ (production builds only: the dev server has none). */
export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox('/sw.js', { type: 'module' });
  void wb.register();
  return wb;
}
