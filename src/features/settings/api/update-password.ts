import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';
import type { UpdatePassword } from '@contract/users';
import { apiRequest } from '@/lib/api-client';

export const updatePassword = (userId: number, body: UpdatePassword) =>
  apiRequest(`/user/${userId}/update-password`, { method: 'PUT', body, schema: envelopeOf(z.null()) });

/** Your own password. The server ends all your sessions on success, this one too. */
export function useUpdatePassword(userId: number) {
  return useMutation({ mutationFn: (body: UpdatePassword) => updatePassword(userId, body) });
}
