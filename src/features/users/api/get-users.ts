import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf } from '@contract/page';
import { userSchema } from '@contract/users';
import { apiRequest } from '@/lib/api-client';

export const USERS_PAGE_SIZE = 10;

/** Every users query lives under this key: a change to any user invalidates it. */
export const usersQueryKey = ['users'] as const;

export type UsersListParams = { page: number; filter: string };

/** `page` is 1-based (the URL's); the API counts from 0. */
export const getUsers = ({ page, filter }: UsersListParams, signal?: AbortSignal) =>
  apiRequest('/user/', {
    query: {
      page: page - 1,
      size: USERS_PAGE_SIZE,
      sort: 'username,asc',
      isPaged: true,
      filter: filter || undefined,
    },
    schema: envelopeOf(pageOf(userSchema)),
    signal,
  });

export const usersQueryOptions = (params: UsersListParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    select: (answer) => answer.data.query,
    placeholderData: keepPreviousData,
  });

// The route's loader reads the page on every navigation (stale time 0 there): the screen does not read it again on
// mount or focus. A filter typed on the screen is a new key, read at once.
export const useUsers = (params: UsersListParams) =>
  useQuery({ ...usersQueryOptions(params), staleTime: 30_000 });
