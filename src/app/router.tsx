import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  useParams,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { recordRoutes } from '@/domain/kinds/record-routes';
import { OWN_ROLLBACKS_PATH, ROLLBACK_PREPARE_PATH, ROLLBACKS_PATH } from '@/domain/rollback-link';
import {
  canFollowOwnRollbacks,
  canReadAudit,
  canRequestRollback,
  canReviewRollbacks,
  canSeeManagement,
  isAdmin,
} from '@/domain/roles';
import { sessionStore } from '@/lib/session-store';
import { setPrefetcher } from './prefetch';
import type * as RouteLoaders from './route-loaders';
import { setNavigator } from './query-client';
import { StartupNotice } from './startup-notice';
import { ErrorView } from './routes/error-view';
import { RedirectIfSignedIn, RequireRole } from './routes/guards';

/*
 * Every screen is its own chunk, loaded when its route is first opened (react-router's `lazy`), so the first page
 * downloads only the frame and that screen: the bundle budget (docs/scale.md) is checked by tests/e2e/bundle-budget.test.ts.
 */
const signIn = () => import('@/features/auth/components/sign-in-page');
const forgotPassword = () => import('@/features/auth/components/forgot-password-page');
const resetPassword = () => import('@/features/auth/components/reset-password-page');
const twoFactor = () => import('@/features/twofa/components/twofa-page');
const settings = () => import('@/features/settings/components/settings-page');
const users = () => import('@/features/users/components/users-page');
const restores = () => import('@/features/restores/components/restores-page');
const search = () => import('@/features/search/components/search-page');
const detail = () => import('@/features/compare/components/detail-page');
const offline = () => import('@/features/compare/components/offline-page');
const alerts = () => import('@/features/alerts/components/alerts-page');
const audit = () => import('@/features/audit/components/audit-page');
const rollbacks = () => import('@/features/rollbacks/components/rollback-routes');

/** /2fa without its token has nothing to show. */
function TwoFactorRoute({ Page }: { Page: () => React.ReactNode }) {
  const { token } = useParams();
  return token ? <Page /> : <Navigate to="/signIn" replace />;
}

/**
 * A page for the roles `allow` admits: RequireRole sends anyone else to the home page, and the route's read is not
 * even made for them (the server would refuse it, and write the refusal to the audit log).
 */
function roleRoute(
  path: string,
  allow: (role: string) => boolean,
  page: () => Promise<React.ReactNode>,
  read?: (loaders: typeof RouteLoaders, args: LoaderFunctionArgs) => null,
): RouteObject {
  return {
    path,
    ...(read && {
      loader: async (args: LoaderFunctionArgs) => {
        const role = sessionStore.user()?.role;
        // Loaded with their endpoints on first use, like the screens, so the first bundle stays in budget.
        return role !== undefined && allow(role) ? read(await import('./route-loaders'), args) : null;
      },
    }),
    lazy: async () => ({ element: <RequireRole allow={allow}>{await page()}</RequireRole> }),
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
      {
        path: '/signIn',
        lazy: async () => {
          const { SignInPage } = await signIn();
          return {
            element: (
              <RedirectIfSignedIn>
                <SignInPage />
              </RedirectIfSignedIn>
            ),
          };
        },
      },
      {
        path: '/forgotPassword',
        lazy: async () => ({ Component: (await forgotPassword()).ForgotPasswordPage }),
      },
      {
        path: '/resetPassword',
        lazy: async () => ({ Component: (await resetPassword()).ResetPasswordPage }),
      },
      { path: '/2fa', element: <Navigate to="/signIn" replace /> },
      {
        path: '/2fa/:token',
        lazy: async () => {
          const { TwoFactorPage } = await twoFactor();
          return { element: <TwoFactorRoute Page={TwoFactorPage} /> };
        },
      },
      {
        lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
        errorElement: <ErrorView />,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/home')).Home }) },
          { path: '/impostazioni', lazy: async () => ({ Component: (await settings()).SettingsPage }) },
          roleRoute(
            '/gestione_utenti/gestioneUtenti',
            isAdmin,
            async () => {
              const { UsersPage } = await users();
              return <UsersPage />;
            },
            (loaders, args) => loaders.usersLoader(args),
          ),
          ...(['case', 'account'] as const).map((kind) =>
            roleRoute(
              recordRoutes[kind].restores,
              canSeeManagement,
              async () => {
                const { RestoresPage } = await restores();
                return <RestoresPage kind={kind} />;
              },
              (loaders, args) => loaders.restoresLoader(kind)(args),
            ),
          ),
          ...(['account', 'case'] as const).flatMap((kind): RouteObject[] => [
            {
              path: recordRoutes[kind].list,
              loader: async (args) => (await import('./route-loaders')).searchLoader(kind)(args),
              lazy: async () => {
                const { SearchPage } = await search();
                return { element: <SearchPage kind={kind} /> };
              },
            },
            {
              path: recordRoutes[kind].detailPattern,
              loader: async (args) => (await import('./route-loaders')).detailLoader(kind)(args),
              lazy: async () => {
                const { DetailPage } = await detail();
                return { element: <DetailPage kind={kind} /> };
              },
            },
          ]),
          {
            path: '/avvisi',
            loader: async (args) => (await import('./route-loaders')).alertsLoader(args),
            lazy: async () => ({ Component: (await alerts()).AlertsPage }),
          },
          roleRoute(
            '/gestione_audit',
            canReadAudit,
            async () => {
              const { AuditPage } = await audit();
              return <AuditPage />;
            },
            (loaders, args) => loaders.auditLoader(args),
          ),
          // 'Gestione rollback' for the reviewers, 'Le mie richieste di rollback' for USER_RANA: one screen, two views.
          ...(
            [
              [ROLLBACKS_PATH, canReviewRollbacks, 'review'],
              [OWN_ROLLBACKS_PATH, canFollowOwnRollbacks, 'own'],
            ] as const
          ).map(([path, allow, view]) =>
            roleRoute(
              path,
              allow,
              async () => {
                const { RollbacksRoute } = await rollbacks();
                return <RollbacksRoute view={view} />;
              },
              (loaders, args) => loaders.rollbacksLoader(view)(args),
            ),
          ),
          roleRoute(ROLLBACK_PREPARE_PATH, canRequestRollback, async () => {
            const { RollbackPrepareRoute } = await rollbacks();
            return <RollbackPrepareRoute />;
          }),
          { path: '/disponibili_offline', lazy: async () => ({ Component: (await offline()).OfflinePage }) },
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
