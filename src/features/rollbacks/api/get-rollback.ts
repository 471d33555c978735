import { useQuery } from '@tanstack/react-query';
import { rollbackDetailSchema } from '@contract/rollbacks';
import { apiData } from '@/lib/api-client';
import { rollbacksQueryKey } from './rollback-keys';
import { RUNNING_ROLLBACK_REFRESH_MS } from './get-rollbacks';

export const OUTCOMES_PAGE_SIZE = 10;

/** `GET /rollback-request/{id}?page=&size=`: progress and a page of the records' outcomes (`page` 1-based). */
export const getRollback = (id: number, page: number, signal?: AbortSignal) =>
  apiData(`/rollback-request/${id}`, {
    query: { page: page - 1, size: OUTCOMES_PAGE_SIZE, isPaged: true },
    schema: rollbackDetailSchema,
    signal,
  });

/** Read again every 3 s while the rollback runs and the dialog is open. */
export const useRollback = (id: number, page: number) =>
  useQuery({
    queryKey: [...rollbacksQueryKey, 'detail', id, page],
    queryFn: ({ signal }) => getRollback(id, page, signal),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.run === 'running' ? RUNNING_ROLLBACK_REFRESH_MS : false),
  });
