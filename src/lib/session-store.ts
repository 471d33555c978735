import { useSyncExternalStore } from 'react';
import { clearToken, readToken, storeToken, userFromToken, type TokenUser } from './auth-token';

type Listener = () => void;
const listeners = new Set<Listener>();
let token = readToken();
let user = userFromToken(token);

const notify = () => {
  for (const listener of listeners) listener();
};

/** The signed-in user as the app sees it, kept in step with the AUTH_CRED cookie. */
export const sessionStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  user(): TokenUser | null {
    return user;
  },
  token(): string | undefined {
    return token;
  },
  signedIn(newToken: string): void {
    storeToken(newToken);
    token = newToken;
    user = userFromToken(newToken);
    notify();
  },
  /** Forgets the session on this device: cookie, search state, persisted lists and saved comparisons. */
  clear(): void {
    clearToken();
    window.sessionStorage.clear();
    window.localStorage.clear();
    // Loaded on demand: the offline store is not part of the first page's script.
    void import('@/offline/comparison-store').then(({ clearComparisons }) => clearComparisons());
    token = undefined;
    user = null;
    notify();
  },
};

export function useSessionUser(): TokenUser | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.user, sessionStore.user);
}
