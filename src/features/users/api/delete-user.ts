import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const deleteUser = (id: number) =>
  apiRequest(`/user/${id}`, { method: 'DELETE', schema: envelopeOf(z.null()) });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
