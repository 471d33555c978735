import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@contract/page';
import { RESTORE_STATUSES, type RestoreStatus } from '@contract/restores';
import { restoreKeys } from '@/domain/kinds/query-keys';
import { recordKinds } from '@/domain/kinds/record-kinds';
import { apiData } from '@/lib/api-client';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';

export const RESTORES_PAGE_SIZE = 10;

/** The tab is kept in the URL next to `page`, so a reload or the back button shows the same list. */
export const STATUS_PARAM = 'stato';

export const parseStatus = (value: string | null): RestoreStatus =>
  RESTORE_STATUSES.find((status) => status === value) ?? 'PENDING';

/** `page` is 1-based (the URL's); the API counts from 0. */
export type RestoreListParams = { kind: RecordKind; status: RestoreStatus; page: number };

/** `GET /restore-account-request/` or `/restore-case-request/`: one status, newest first, 10 a page. */
export const getRestoreRequests = ({ kind, status, page }: RestoreListParams, signal?: AbortSignal) =>
  apiData(recordKindTable[kind].api.restores, {
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

/** A reviewer keeps the pending tab open: it asks again every 30 s while the page is visible. */
export const PENDING_REFRESH_MS = 30_000;

export const useRestoreRequests = (params: RestoreListParams) =>
  useQuery({
    ...restoreRequestsQueryOptions(params),
    // TanStack Query pauses the interval while the document is hidden (refetchIntervalInBackground is false).
    refetchInterval: params.status === 'PENDING' ? PENDING_REFRESH_MS : false,
    // The route's loader has just read the page (stale time 0 there): the screen does not read it a second time.
    staleTime: PENDING_REFRESH_MS,
  });
