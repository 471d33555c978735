import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';
import { apiRequest } from '@/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

export const endSession = (id: string) =>
  apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: envelopeOf(z.null()) });

/** 'Termina': one of your other sessions. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
