import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rollbackRequestSchema, type CreateRollback } from '@contract/rollbacks';
import { apiData } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';
import { rollbacksQueryKey } from './rollback-keys';

/** `POST /rollback-request/?code=` (USER_RANA): one PENDING request; answers it with its id. */
export const createRollback = ({ code, ...body }: CreateRollback & { code: string }) =>
  apiData('/rollback-request/', { method: 'POST', query: { code }, body, schema: rollbackRequestSchema });

/** Online only. The lists change; the preview on screen is not read again. */
export function useCreateRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRollback,
    onSuccess: () => refreshQueries(queryClient, [[...rollbacksQueryKey, 'list']]),
  });
}
