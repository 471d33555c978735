import { RECORD_KINDS } from '@contract/record-kinds';
import { recordRoutes } from '@/domain/kinds/record-routes';
import type { ScreenRoute } from '@/lib/screen-route';

/** `/contatti/contatti`, `/casi/casi`: the search list of each kind. */
export const searchRoutes: ScreenRoute[] = RECORD_KINDS.map((kind) => ({
  path: recordRoutes[kind].list,
  screen: async () => {
    const { SearchPage } = await import('./components/search-page');
    return <SearchPage kind={kind} />;
  },
  read: async () => (await import('./route-reads')).searchRead(kind),
}));
