import { useMutation, useQueryClient } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { userSchema, type CreateUser } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const createUser = (body: CreateUser) =>
  apiRequest('/user/', { method: 'POST', body, schema: envelopeOf(userSchema) });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
