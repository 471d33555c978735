import { RECORD_KINDS } from '@contract/record-kinds';
import { recordRoutes } from '@/domain/kinds/record-routes';
import type { ScreenRoute } from '@/lib/screen-route';

/** `/contatti/{id}`, `/casi/{id}`: a record's two versions compared; `/disponibili_offline`: the saved comparisons. */
export const compareRoutes: ScreenRoute[] = [
  ...RECORD_KINDS.map((kind) => ({
    path: recordRoutes[kind].detailPattern,
    screen: async () => {
      const { DetailPage } = await import('./components/detail-page');
      return <DetailPage kind={kind} />;
    },
    read: async () => (await import('./route-reads')).detailRead(kind),
  })),
  {
    path: '/disponibili_offline',
    screen: async () => {
      const { OfflinePage } = await import('./components/offline-page');
      return <OfflinePage />;
    },
  },
];
