import { useSyncExternalStore } from 'react';
import { clearToken, readToken, storeToken, userFromToken, type TokenUser } from './auth-token';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Where the role and name the server last named for this token are kept, so that a reload starts from them. */
const SERVER_NAMED_KEY = 'storico.role';
const tokenTail = (t: string) => t.slice(-24);

/** The token's user with the role and name the server last named for this token, where it named them. */
function currentUser(t: string | undefined): TokenUser | null {
  const fromToken = userFromToken(t);
  if (!fromToken || !t) return fromToken;
  try {
    const kept = JSON.parse(window.localStorage.getItem(SERVER_NAMED_KEY) ?? 'null') as {
      token?: unknown;
      role?: unknown;
      username?: unknown;
    } | null;
    if (kept?.token !== tokenTail(t)) return fromToken;
    return {
      ...fromToken,
      ...(typeof kept.role === 'string' ? { role: kept.role } : {}),
      ...(typeof kept.username === 'string' ? { username: kept.username } : {}),
    };
  } catch {
    // An unreadable entry is the token's role and name.
  }
  return fromToken;
}

let token = readToken();
let user = currentUser(token);
/** The session on this device ended with 'Esci' (here or in another tab), not by expiring or being ended. */
let signedOut = false;

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * The tabs of this browser share the session cookie: a sign-out (or sign-in) in one is told to the others, which
 * read the cookie again, so that none goes on looking signed in after 'Esci'.
 */
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('storico-session');
const otherTabListeners = new Set<Listener>();
tabs?.addEventListener('message', (event: MessageEvent) => {
  const now = readToken();
  if (now === token) return;
  token = now;
  user = currentUser(now);
  signedOut = !now && event.data === 'signed-out';
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
  /**
   * The role and username the server named in an answer to a call made with `forToken` (ROLE_HEADER,
   * USERNAME_HEADER), when that is this session's token: an administrator changed them since the token was issued.
   * The screens follow them at once, and after a reload.
   */
  followServer(named: { role: string | null; username: string | null }, forToken: string): void {
    if (!user || token !== forToken) return;
    const role = named.role || user.role;
    const username = named.username || user.username;
    if (role === user.role && username === user.username) return;
    window.localStorage.setItem(
      SERVER_NAMED_KEY,
      JSON.stringify({ token: tokenTail(token), role, username }),
    );
    user = { ...user, role, username };
    notify();
  },
  signedIn(newToken: string): void {
    storeToken(newToken);
    token = newToken;
    user = userFromToken(newToken);
    signedOut = false;
    notify();
    tabs?.postMessage('signed-in');
  },
  /**
   * Whether the last session here ended with 'Esci': sign-in then keeps no page to return to, as whoever signs in
   * next may be someone else.
   */
  signedOut(): boolean {
    return signedOut;
  },
  /**
   * Forgets the session on this device: cookie, search state, persisted lists and saved comparisons. `how`
   * 'signed-out': the user chose 'Esci'.
   */
  clear(how: 'signed-out' | 'ended' = 'ended'): void {
    clearToken();
    window.sessionStorage.clear();
    window.localStorage.clear();
    // Loaded on demand: the offline store is not part of the first page's script.
    void import('@/offline/comparison-store').then(({ clearComparisons }) => clearComparisons());
    token = undefined;
    user = null;
    signedOut = how === 'signed-out';
    notify();
    tabs?.postMessage(how);
  },
};

export function useSessionUser(): TokenUser | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.user, sessionStore.user);
}
