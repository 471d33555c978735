import { useMutation, useQueryClient } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { userSchema, type SetPassword } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/** An administrator sets another user's password: the user's sessions end and a sign-in lock is lifted. */
export const setUserPassword = (id: number, body: SetPassword) =>
  apiRequest(`/user/${id}`, { method: 'PUT', body, schema: envelopeOf(userSchema) });

/**
 * `own`: the administrator's own password, which ends this session too: the list is not read again with it (that
 * read would be refused as an expired session).
 */
export function useSetUserPassword({ own }: { own: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) => setUserPassword(id, { password }),
    onSuccess: () => (own ? undefined : queryClient.invalidateQueries({ queryKey: usersQueryKey })),
  });
}
