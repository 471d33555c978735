import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSessionUser } from '@/lib/session-store';

/** A page for some roles only: anyone else goes to the home page. */
export function RequireRole({ allow, children }: { allow: (role: string) => boolean; children: ReactNode }) {
  const user = useSessionUser();
  if (!user || !allow(user.role)) return <Navigate to="/" replace />;
  return children;
}

/** Sign-in and the public pages: a signed-in user is sent on to the contacts. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  if (user) return <Navigate to="/contatti/contatti" replace />;
  return children;
}
