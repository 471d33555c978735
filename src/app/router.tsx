import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { alertsRoutes } from '@/features/alerts/routes';
import { auditRoutes } from '@/features/audit/routes';
import { authRoutes } from '@/features/auth/routes';
import { compareRoutes } from '@/features/compare/routes';
import { restoresRoutes } from '@/features/restores/routes';
import { rollbacksRoutes } from '@/features/rollbacks/routes';
import { searchRoutes } from '@/features/search/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { twofaRoutes } from '@/features/twofa/routes';
import { usersRoutes } from '@/features/users/routes';
import type { ScreenRoute } from '@/lib/screen-route';
import { sessionStore } from '@/lib/session-store';
import { setPrefetcher } from './prefetch';
import { queryClient, setNavigator } from './query-client';
import { StartupNotice } from './startup-notice';
import { ErrorView } from './routes/error-view';
import { RedirectIfSignedIn, RequireRole } from './routes/guards';

/*
 * Every screen is its own chunk, loaded when its route is first opened (react-router's `lazy`), so the first page
 * downloads only the frame and that screen: the bundle budget (docs/scale.md) is checked by tests/e2e/bundle-budget.test.ts.
 * Each feature lists its screens, their roles and their reads in its own `routes.tsx`; this file mounts them.
 */

/**
 * A feature's screen as a route: for the roles `allow` admits (RequireRole sends anyone else to the home page, and
 * the route's read is not even made for them), its read loaded with its endpoints on first use, like the screen.
 */
function mounted({ path, allow, signedOutOnly, screen, read }: ScreenRoute): RouteObject {
  return {
    path,
    ...(read && {
      loader: async (args: LoaderFunctionArgs) => {
        const role = sessionStore.user()?.role;
        if (allow && (role === undefined || !allow(role))) return null;
        return (await read())(args, queryClient);
      },
    }),
    lazy: async () => {
      const element = await screen();
      if (allow) return { element: <RequireRole allow={allow}>{element}</RequireRole> };
      return { element: signedOutOnly ? <RedirectIfSignedIn>{element}</RedirectIfSignedIn> : element };
    },
  };
}

/** Every route of docs/product.md#screens-and-routes. */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <StartupNotice />
        <Outlet />
      </>
    ),
    errorElement: <ErrorView />,
    // Until the first screen's chunk is in (tens of milliseconds) the page stays as empty as index.html left it: a
    // spinner would only flash. Declared, as react-router otherwise warns on every first load.
    HydrateFallback: () => null,
    children: [
      ...[...authRoutes, ...twofaRoutes].map(mounted),
      { path: '/2fa', element: <Navigate to="/signIn" replace /> },
      {
        lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
        errorElement: <ErrorView />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/home')).Home }) },
          ...[
            ...settingsRoutes,
            ...usersRoutes,
            ...restoresRoutes,
            ...searchRoutes,
            ...compareRoutes,
            ...alertsRoutes,
            ...auditRoutes,
            ...rollbacksRoutes,
          ].map(mounted),
          { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFound }) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigator((to) => void router.navigate(to, { replace: true }));

setPrefetcher((to) => {
  const url = new URL(to, window.location.origin);
  for (const { route, params } of matchRoutes(routes, url.pathname) ?? []) {
    // The same import() the router makes on navigation: the browser fetches the chunk once.
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
    if (typeof route.loader === 'function') {
      const args = { request: new Request(url), params, context: undefined } as unknown as LoaderFunctionArgs;
      void Promise.resolve(route.loader(args)).catch(() => undefined);
    }
  }
});
