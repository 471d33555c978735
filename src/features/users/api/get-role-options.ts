import { queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { ADMIN, USER_RANA, type Role } from '@contract/roles';
import { userSchema, type User } from '@contract/users';
import { apiRequest } from '@/lib/api-client';
import { isProductRole, roleLabel } from '@/lib/roles';
import { usersQueryKey } from './get-users';

export type RoleOption = Pick<Role, 'name' | 'label'>;

/**
 * The roles a user can be given: ADMIN, the product's USER_{PRODUCT} and USER_RANA. The API has no roles list, so
 * the product role is read from the users that have it; ADMIN and USER_RANA are always offered.
 */
export function roleOptionsFrom(users: Pick<User, 'role'>[]): RoleOption[] {
  const byName = new Map<string, RoleOption>();
  for (const name of [ADMIN, USER_RANA]) byName.set(name, { name, label: roleLabel(name) });
  for (const { role } of users) byName.set(role.name, { name: role.name, label: role.label });
  const rank = (name: string) => (name === ADMIN ? 0 : isProductRole(name) ? 1 : 2);
  return [...byName.values()].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

export const getAllUsers = (signal?: AbortSignal) =>
  apiRequest('/user/', { query: { isPaged: false }, schema: envelopeOf(pageOf(userSchema)), signal });

export const roleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...usersQueryKey, 'role-options'],
    queryFn: ({ signal }) => getAllUsers(signal),
    select: (answer) => answer.data.query.content,
  });

/** The role options, `include`'s role among them (the role of the user being edited). */
export function useRoleOptions(include?: Pick<User, 'role'>): RoleOption[] {
  const users = useQuery(roleOptionsQueryOptions()).data ?? [];
  return roleOptionsFrom(include ? [...users, include] : users);
}
