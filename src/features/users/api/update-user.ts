import { useMutation, useQueryClient } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { userSchema, type EditUser } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

/** Username, e-mail and role. */
export const updateUser = (id: number, body: EditUser) =>
  apiRequest(`/user/${id}`, { method: 'PUT', body, schema: envelopeOf(userSchema) });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: EditUser & { id: number }) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
