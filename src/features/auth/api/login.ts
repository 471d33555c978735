import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@contract/auth';
import { apiRequest } from '@/lib/api-client';

export type LoginInput = LoginBody & { code?: string };

/**
 * Without `code` the server checks the credentials only: -2 means they are right and a code is due. The answer's
 * schema (and zod) loads with the first try, not with the sign-in page.
 */
export const login = async ({ code, ...body }: LoginInput) => {
  const { loginAnswerSchema } = await import('@contract/auth');
  return apiRequest('/auth/login', { method: 'POST', query: { code }, body, schema: loginAnswerSchema });
};

export function useLogin() {
  return useMutation({
    mutationFn: login,
    // A 401 here is a wrong password or code, not an ended session.
    meta: { handles401: true },
  });
}
