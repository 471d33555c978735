import { Navigate, useParams } from 'react-router-dom';
import type { ScreenRoute } from '@/lib/screen-route';

/** /2fa without its token has nothing to show. */
function TwoFactorRoute({ Page }: { Page: () => React.ReactNode }) {
  const { token } = useParams();
  return token ? <Page /> : <Navigate to="/signIn" replace />;
}

/** The authenticator enrolment a QR link opens, outside the app's frame. */
export const twofaRoutes: ScreenRoute[] = [
  {
    path: '/2fa/:token',
    screen: async () => {
      const { TwoFactorPage } = await import('./components/twofa-page');
      return <TwoFactorRoute Page={TwoFactorPage} />;
    },
  },
];
