import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';
import { apiRequest } from '@/lib/api-client';

/** Ends every session of a user, on every instance; the user list does not change. */
export const endUserSessions = (id: number) =>
  apiRequest(`/user/${id}/sessions`, { method: 'DELETE', schema: envelopeOf(z.null()) });

export function useEndUserSessions() {
  return useMutation({ mutationFn: endUserSessions });
}
