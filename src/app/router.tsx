import { createBrowserRouter, Navigate, Outlet, useParams, type RouteObject } from 'react-router-dom';
import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { CaseDetailPage } from '@/features/cases/components/case-detail-page';
import { CasesPage } from '@/features/cases/components/cases-page';
import { ContactDetailPage } from '@/features/contacts/components/contact-detail-page';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { CaseRestoresPage } from '@/features/restores/components/case-restores-page';
import { ContactRestoresPage } from '@/features/restores/components/contact-restores-page';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { OfflinePage } from '@/features/offline/components/offline-page';
import { TwoFactorPage } from '@/features/twofa/components/twofa-page';
import { UsersPage } from '@/features/users/components/users-page';
import { canSeeManagement, isAdmin } from '@/lib/roles';
import { AppLayout } from './layout/app-layout';
import { setNavigator } from './query-client';
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
    element: <Outlet />,
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
            path: '/gestione_ripristini_casi/gestioneRipristiniCasi',
            element: (
              <RequireRole allow={canSeeManagement}>
                <CaseRestoresPage />
              </RequireRole>
            ),
          },
          {
            path: '/gestione_ripristini_contatti/gestioneRipristiniContatti',
            element: (
              <RequireRole allow={canSeeManagement}>
                <ContactRestoresPage />
              </RequireRole>
            ),
          },
          { path: '/contatti/contatti', element: <ContactsPage /> },
          { path: '/contatti/:contattiID', element: <ContactDetailPage /> },
          { path: '/casi/casi', element: <CasesPage /> },
          { path: '/casi/:casiID', element: <CaseDetailPage /> },
          { path: '/disponibili_offline', element: <OfflinePage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setNavigator((to) => void router.navigate(to, { replace: true }));
