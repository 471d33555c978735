import type { RecordKind } from '@contract/record-kinds';
import { recordRevisionsOptions } from '@/domain/comparison/get-record-revisions';
import { detailSearchOf } from '@/domain/comparison/use-detail-search';
import { recordRoutes } from '@/domain/kinds/record-routes';
import { fresh, type RouteRead } from '@/lib/screen-route';
import { sessionStore } from '@/lib/session-store';

/**
 * `/contatti/{id}`, `/casi/{id}`: the record's versions at the dates of the link (or of the kept search). Their
 * differences are not read again: a pair of revisions never changes. Offline, the comparison of the record saved
 * on this device is read while the screen's code loads, so that the screen shows it in its first render.
 */
export const detailRead =
  (kind: RecordKind): RouteRead =>
  async ({ request, params }, queryClient) => {
    const recordId = params[recordRoutes[kind].detailParam] ?? '';
    if (!recordId) return null;
    if (!navigator.onLine) {
      const user = sessionStore.user();
      // The detail screen's own chunk: the other routes' reads do not carry it.
      const { latestComparison } = await import('@/offline/comparison-store');
      if (user) await latestComparison(user.id, kind, recordId).catch(() => undefined);
      return null;
    }
    const search = detailSearchOf(kind, new URL(request.url).searchParams);
    const options = recordRevisionsOptions(kind, recordId, search);
    return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
  };
