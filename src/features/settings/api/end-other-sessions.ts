import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endedSessionsSchema } from '@contract/auth';
import { envelopeOf } from '@contract/envelope';
import { apiRequest } from '@/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

export const endOtherSessions = () =>
  apiRequest('/auth/sessions/end-others', { method: 'POST', schema: envelopeOf(endedSessionsSchema) });

/** 'Termina tutte le altre': every session of yours but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
