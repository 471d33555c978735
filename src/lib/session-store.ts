import { useSyncExternalStore } from 'react';
import { clearToken, readToken, storeToken, userFromToken, type TokenUser } from './auth-token';

type Listener = () => void;
const listeners = new Set<Listener>();
let token = readToken();
let user = userFromToken(token);

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The tabs of this browser share the session cookie: a sign-out (or sign-in) in one is told to the others, which
 * read the cookie again, so that none goes on looking signed in after 'Esci'.
 */
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('storico-session');
const otherTabListeners = new Set<Listener>();
tabs?.addEventListener('message', () => {
  const now = readToken();
  if (now === token) return;
  token = now;
  user = userFromToken(now);
  notify();
  for (const listener of otherTabListeners) listener();
});

/** The signed-in user as the app sees it, kept in step with the AUTH_CRED cookie. */
export const sessionStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Called when another tab signed in or out. */
  onOtherTab(listener: Listener): void {
    otherTabListeners.add(listener);
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
    tabs?.postMessage('signed-in');
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
    tabs?.postMessage('signed-out');
  },
};

export function useSessionUser(): TokenUser | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.user, sessionStore.user);
}
