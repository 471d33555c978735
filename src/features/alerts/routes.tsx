import type { ScreenRoute } from '@/lib/screen-route';

/** 'Avvisi': the watch's alerts. */
export const alertsRoutes: ScreenRoute[] = [
  {
    path: '/avvisi',
    screen: async () => {
      const { AlertsPage } = await import('./components/alerts-page');
      return <AlertsPage />;
    },
    read: async () => (await import('./route-reads')).alertsRead,
  },
];
