import type { createMemoryRouter } from 'react-router-dom';

/** Screens are lazy-loaded routes: render once the first one's module is in, as a browser shows it. */
export function routerReady(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
