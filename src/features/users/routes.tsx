import { isAdmin } from '@/domain/roles';
import type { ScreenRoute } from '@/lib/screen-route';

/** 'Gestione utenti', for administrators. */
export const usersRoutes: ScreenRoute[] = [
  {
    path: '/gestione_utenti/gestioneUtenti',
    allow: isAdmin,
    screen: async () => {
      const { UsersPage } = await import('./components/users-page');
      return <UsersPage />;
    },
    read: async () => (await import('./route-reads')).usersRead,
  },
];
