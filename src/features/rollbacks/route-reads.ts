import { ROLLBACK_STATUS_PARAM } from '@/domain/rollback-link';
import { fresh, pageOf, type RouteRead } from '@/lib/screen-route';
import { parseRollbackStatus, rollbacksQueryOptions, type RollbacksView } from './api/get-rollbacks';

/** 'Gestione rollback' and 'Le mie richieste di rollback': the tab and page in the URL. */
export const rollbacksRead =
  (view: RollbacksView): RouteRead =>
  ({ request }, queryClient) => {
    const options = rollbacksQueryOptions({
      view,
      status: parseRollbackStatus(new URL(request.url).searchParams.get(ROLLBACK_STATUS_PARAM)),
      page: pageOf(request),
    });
    return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
  };
