import { queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { roleListSchema, type Role } from '@contract/roles';
import type { User } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export type RoleOption = Pick<Role, 'name' | 'label'>;

export const getRoles = (signal?: AbortSignal) =>
  apiRequest('/role/', { schema: envelopeOf(roleListSchema), signal });

export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...usersQueryKey, 'roles'],
    queryFn: ({ signal }) => getRoles(signal),
    select: (answer) => answer.data.query,
    staleTime: Infinity,
  });

/** The roles a user can be given (ADMIN, USER_{PRODUCT}, USER_RANA), `include`'s role among them. */
export function useRoleOptions(include?: Pick<User, 'role'>): RoleOption[] {
  const roles: RoleOption[] = useQuery(roleOptionsQueryOptions()).data ?? [];
  if (include && !roles.some((role) => role.name === include.role.name)) return [...roles, include.role];
  return roles;
}
