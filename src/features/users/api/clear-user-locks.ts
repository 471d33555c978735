import { useMutation } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { clearLocksSchema } from '@contract/users';
import { apiRequest } from '@/lib/api-client';

/** Lifts every sign-in lock of a user (14-lockout); the user list does not change. */
export const clearUserLocks = (id: number) =>
  apiRequest(`/user/${id}/locks`, { method: 'DELETE', schema: envelopeOf(clearLocksSchema) });

export function useClearUserLocks() {
  return useMutation({ mutationFn: clearUserLocks });
}
