import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@contract/page';
import type { RestoreStatus } from '@contract/restores';
import { restoreKeys } from '@/features/records/kinds/query-keys';
import { recordKinds } from '@/features/records/kinds/record-kinds';
import { apiData } from '@/lib/api-client';
import type { RecordKind } from '@/lib/records';

export const RESTORES_PAGE_SIZE = 10;

/** `page` is 1-based (the URL's); the API counts from 0. */
export type RestoreListParams = { kind: RecordKind; status: RestoreStatus; page: number };

/** `GET /restore-account-request/` or `/restore-case-request/`: one status, newest first, 10 a page. */
export const getRestoreRequests = ({ kind, status, page }: RestoreListParams, signal?: AbortSignal) =>
  apiData(recordKinds[kind].api.restores, {
    query: { status, page: page - 1, size: RESTORES_PAGE_SIZE, isPaged: true },
    schema: pageOf(recordKinds[kind].restoreSchema),
    signal,
  });

export const restoreRequestsQueryOptions = (params: RestoreListParams) =>
  queryOptions({
    queryKey: restoreKeys.list(params.kind, params.status, params.page),
    queryFn: ({ signal }) => getRestoreRequests(params, signal),
    // While the next page of the same tab loads, the current one stays; another tab never shows this one's rows.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === params.kind && previousQuery.queryKey[2] === params.status
        ? previous
        : undefined,
  });

export const useRestoreRequests = (params: RestoreListParams) =>
  useQuery(restoreRequestsQueryOptions(params));
