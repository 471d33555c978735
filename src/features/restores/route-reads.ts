import type { RecordKind } from '@contract/record-kinds';
import { fresh, pageOf, type RouteRead } from '@/lib/screen-route';
import { parseStatus, restoreRequestsQueryOptions, STATUS_PARAM } from './api/get-restore-requests';

/** The restore lists: the tab and page in the URL. */
export const restoresRead =
  (kind: RecordKind): RouteRead =>
  ({ request }, queryClient) => {
    const options = restoreRequestsQueryOptions({
      kind,
      status: parseStatus(new URL(request.url).searchParams.get(STATUS_PARAM)),
      page: pageOf(request),
    });
    return fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 }));
  };
