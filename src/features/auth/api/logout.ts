import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** The answer is not used: whatever the server says, the device forgets the session. */
export const logout = () => apiRequest('/auth/logout', { method: 'POST', schema: z.unknown() });

export function useLogout(onDone: () => void) {
  return useMutation({
    mutationFn: logout,
    meta: { handles401: true },
    // Offline the call is still made (and fails at once) rather than paused until the network is back: the device
    // forgets the session either way.
    networkMode: 'always',
    onSettled: onDone,
  });
}
