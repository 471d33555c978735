import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema } from '@contract/alerts';
import { apiData } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';
import { alertsQueryKey } from './get-alerts';

/** `POST /alert/{id}/ack` (ADMIN and USER_{PRODUCT}): 409 when someone acknowledged it first. */
export const acknowledgeAlert = (id: number) =>
  apiData(`/alert/${id}/ack`, { method: 'POST', schema: alertSchema });

/** Online only. The alert moves from one tab to the other and the header's count drops. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSettled: () => refreshQueries(queryClient, [alertsQueryKey]),
  });
}
