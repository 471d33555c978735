import type { RecordKind } from '@contract/record-kinds';
import { searchState } from '@/domain/search-state';
import { fresh, pageOf, type RouteRead } from '@/lib/screen-route';
import { searchRecordsOptions } from './api/search-records';

/** `/contatti/contatti`, `/casi/casi`: the kept search's page, when there is one. */
export const searchRead =
  (kind: RecordKind): RouteRead =>
  ({ request }, queryClient) => {
    const search = searchState.search(kind);
    const options = search && searchRecordsOptions(kind, search, pageOf(request) - 1);
    return options ? fresh(() => queryClient.fetchQuery({ ...options, staleTime: 0 })) : null;
  };
