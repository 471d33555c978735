import { recordRoutes } from '@/domain/kinds/record-routes';
import { canSeeManagement } from '@/domain/roles';
import type { ScreenRoute } from '@/lib/screen-route';

/** 'Gestione ripristini' of cases and of contacts: the restore requests to review. */
export const restoresRoutes: ScreenRoute[] = (['case', 'account'] as const).map((kind) => ({
  path: recordRoutes[kind].restores,
  allow: canSeeManagement,
  screen: async () => {
    const { RestoresPage } = await import('./components/restores-page');
    return <RestoresPage kind={kind} />;
  },
  read: async () => (await import('./route-reads')).restoresRead(kind),
}));
