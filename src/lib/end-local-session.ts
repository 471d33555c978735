import type { QueryClient } from '@tanstack/react-query';
import { sessionStore } from './session-store';

/**
 * Forgets the session on this device (logout, an expired session, a changed password): the cached answers, the
 * cookie, the kept searches and lists, the saved comparisons. Whoever signs in next starts from nothing; after
 * 'Esci' (`how` 'signed-out') not even from the page that was open.
 */
export function endLocalSession(queryClient: QueryClient, how: 'signed-out' | 'ended' = 'ended'): void {
  queryClient.clear();
  sessionStore.clear(how);
}
