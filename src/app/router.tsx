import { createBrowserRouter, Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { DetailPage } from '@/features/records/components/detail-page';
import { OfflinePage } from '@/features/records/components/offline-page';
import { SearchPage } from '@/features/records/components/search-page';
import { recordKinds } from '@/features/records/kinds/record-kinds';
import { RestoresPage } from '@/features/restores/components/restores-page';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { TwoFactorPage } from '@/features/twofa/components/twofa-page';
import { UsersPage } from '@/features/users/components/users-page';
import { canSeeManagement, isAdmin } from '@/lib/roles';
import { AppLayout } from './layout/app-layout';
import { setNavigator } from './query-client';
import { StartupNotice } from './startup-notice';
import { ErrorView } from './routes/error-view';
import { RedirectIfSignedIn, RequireRole } from './routes/guards';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';

/** /2fa without its token has nothing to show. */
function TwoFactorRoute() {
  const { token } = useParams();
  return token ? <TwoFactorPage /> : <Navigate to="/signIn" replace />;
}

/** Every route of SPEC.md section 2. */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <StartupNotice />
        <Outlet />
      </>
    ),
    errorElement: <ErrorView />,
    children: [
      {
        path: '/signIn',
        element: (
          <RedirectIfSignedIn>
            <SignInPage />
          </RedirectIfSignedIn>
        ),
      },
      { path: '/forgotPassword', element: <ForgotPasswordPage /> },
      { path: '/resetPassword', element: <ResetPasswordPage /> },
      { path: '/2fa', element: <Navigate to="/signIn" replace /> },
      { path: '/2fa/:token', element: <TwoFactorRoute /> },
      {
        element: <AppLayout />,
        errorElement: <ErrorView />,
        children: [
          { index: true, element: <Home /> },
          { path: '/impostazioni', element: <SettingsPage /> },
          {
            path: '/gestione_utenti/gestioneUtenti',
            element: (
              <RequireRole allow={isAdmin}>
                <UsersPage />
              </RequireRole>
            ),
          },
          {
            path: recordKinds.case.routes.restores,
            element: (
              <RequireRole allow={canSeeManagement}>
                <RestoresPage kind="case" />
              </RequireRole>
            ),
          },
          {
            path: recordKinds.contact.routes.restores,
            element: (
              <RequireRole allow={canSeeManagement}>
                <RestoresPage kind="contact" />
              </RequireRole>
            ),
          },
          { path: recordKinds.contact.routes.list, element: <SearchPage kind="contact" /> },
          { path: recordKinds.contact.routes.detailPattern, element: <DetailPage kind="contact" /> },
          { path: recordKinds.case.routes.list, element: <SearchPage kind="case" /> },
          { path: recordKinds.case.routes.detailPattern, element: <DetailPage kind="case" /> },
          { path: '/disponibili_offline', element: <OfflinePage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigator((to) => void router.navigate(to, { replace: true }));
