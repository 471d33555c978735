// Signing out clears the saved comparisons in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { Providers } from '@/app/providers';
import { queryClient, setNavigator } from '@/app/query-client';
import { routes } from '@/app/router';
import { sessionStore } from '@/lib/session-store';
import { fakeSessionToken } from './client-token';
import { routerReady } from './router-ready';

export type SignedInAs = { id: number; username: string; role: string };

/**
 * The whole app (its routes, providers, toasts and global 401 handling) at `path`, optionally signed in.
 * Import this module only after VITE_API_BASE_URL points at the test's API server: the API client reads it once.
 */
export async function renderApp(path: string, options: { as?: SignedInAs } = {}) {
  if (options.as) sessionStore.signedIn(await fakeSessionToken(options.as));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routerReady(router);
  setNavigator((to) => void router.navigate(to, { replace: true }));
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/** Forgets the session, every cached query and every toast between tests. */
export function resetApp(): void {
  toast.dismiss();
  queryClient.clear();
  sessionStore.clear();
}
