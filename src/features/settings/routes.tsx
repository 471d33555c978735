import type { ScreenRoute } from '@/lib/screen-route';

/** 'Impostazioni': the signed-in user's password and sessions. */
export const settingsRoutes: ScreenRoute[] = [
  {
    path: '/impostazioni',
    screen: async () => {
      const { SettingsPage } = await import('./components/settings-page');
      return <SettingsPage />;
    },
  },
];
