import type { ScreenRoute } from '@/lib/screen-route';

/** Sign-in and the password reset, outside the app's frame. */
export const authRoutes: ScreenRoute[] = [
  {
    path: '/signIn',
    signedOutOnly: true,
    screen: async () => {
      const { SignInPage } = await import('./components/sign-in-page');
      return <SignInPage />;
    },
  },
  {
    path: '/forgotPassword',
    screen: async () => {
      const { ForgotPasswordPage } = await import('./components/forgot-password-page');
      return <ForgotPasswordPage />;
    },
  },
  {
    path: '/resetPassword',
    screen: async () => {
      const { ResetPasswordPage } = await import('./components/reset-password-page');
      return <ResetPasswordPage />;
    },
  },
];
