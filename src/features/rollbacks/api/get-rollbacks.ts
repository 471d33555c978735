import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageOf } from '@contract/page';
import { ROLLBACK_STATUSES, rollbackRequestSchema, type RollbackStatus } from '@contract/rollbacks';
import { apiData } from '@/lib/api-client';
import { rollbacksQueryKey } from './rollback-keys';

export const ROLLBACKS_PAGE_SIZE = 10;
/** A pending list is read again every 30 s, like the restore lists; a running rollback's progress every 3 s. */
export const PENDING_ROLLBACKS_REFRESH_MS = 30_000;
export const RUNNING_ROLLBACK_REFRESH_MS = 3_000;

export const parseRollbackStatus = (value: string | null): RollbackStatus =>
  ROLLBACK_STATUSES.find((status) => status === value) ?? 'PENDING';

/** 'Gestione rollback' (a reviewer's: every request) or 'Le mie richieste di rollback' (USER_RANA's own). */
export type RollbacksView = 'review' | 'own';

/**
 * `view` is not sent: the server answers by the caller's role. It keeps the two lists apart in the cache, so that
 * one screen never shows the other's rows (a role changed by an administrator applies on the next call).
 */
export type RollbackListParams = { view: RollbacksView; status: RollbackStatus; page: number };

/**
 * `GET /rollback-request/?status=&page=&size=`: newest first, with their progress; every request to ADMIN and
 * USER_{PRODUCT}, her own to USER_RANA.
 */
export const getRollbacks = ({ status, page }: RollbackListParams, signal?: AbortSignal) =>
  apiData('/rollback-request/', {
    query: { status, page: page - 1, size: ROLLBACKS_PAGE_SIZE, isPaged: true },
    schema: pageOf(rollbackRequestSchema),
    signal,
  });

export const rollbacksQueryOptions = (params: RollbackListParams) =>
  queryOptions({
    queryKey: [...rollbacksQueryKey, 'list', params],
    queryFn: ({ signal }) => getRollbacks(params, signal),
    placeholderData: (previous, previousQuery) => {
      const shown = previousQuery?.queryKey[2] as RollbackListParams | undefined;
      return shown?.status === params.status && shown.view === params.view ? previous : undefined;
    },
  });

export const useRollbacks = (params: RollbackListParams) =>
  useQuery({
    ...rollbacksQueryOptions(params),
    // Paused while the page is hidden (refetchIntervalInBackground is false).
    refetchInterval: (query) =>
      query.state.data?.content.some((r) => r.run === 'running')
        ? RUNNING_ROLLBACK_REFRESH_MS
        : params.status === 'PENDING'
          ? PENDING_ROLLBACKS_REFRESH_MS
          : false,
    staleTime: RUNNING_ROLLBACK_REFRESH_MS,
  });
