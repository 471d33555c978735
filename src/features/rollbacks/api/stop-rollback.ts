import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rollbackRequestSchema } from '@contract/rollbacks';
import { apiData } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';
import { rollbacksQueryKey } from './rollback-keys';

/** `POST /rollback-request/{id}/stop`: the records not done yet are left as they are. */
export const stopRollback = (id: number) =>
  apiData(`/rollback-request/${id}/stop`, { method: 'POST', schema: rollbackRequestSchema });

/** Online only. */
export function useStopRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopRollback,
    onSettled: () => refreshQueries(queryClient, [rollbacksQueryKey]),
  });
}
