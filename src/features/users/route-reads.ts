import { fresh, pageOf, type RouteRead } from '@/lib/screen-route';
import { usersQueryOptions } from './api/get-users';

/** 'Gestione utenti': the page in the URL, unfiltered (the filter is typed on the screen and read as typed). */
export const usersRead: RouteRead = ({ request }, queryClient) =>
  fresh(() =>
    queryClient.fetchQuery({ ...usersQueryOptions({ page: pageOf(request), filter: '' }), staleTime: 0 }),
  );
