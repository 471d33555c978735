import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSessionUser } from '@/lib/session-store';

/** A page for some roles only: anyone else goes to the home page. */
export function RequireRole({ allow, children }: { allow: (role: string) => boolean; children: ReactNode }) {
  const user = useSessionUser();
  if (!user || !allow(user.role)) return <Navigate to="/" replace />;
  return children;
}

/** The in-app page sign-in was asked from (router state `from`), never another site or sign-in itself. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && /^\/(?![/\\])/.test(from) && !from.startsWith('/signIn')) return from;
  return '/contatti/contatti';
}

/** Sign-in: a signed-in user is sent on to the page they came from, or the contacts. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return children;
}
