import { lazy, Suspense, type Ref } from 'react';
import { LogOut, Menu, WifiOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { it } from '@/i18n/it';
import { useOnline } from '@/lib/online-status';
import { roleLabel } from '@/domain/roles';
import { endLocalSession } from '@/lib/end-local-session';
import { useSessionUser } from '@/lib/session-store';
import { queryClient } from '../query-client';

// Loaded with the first signed-in screen, not with sign-in's first load (the bundle budget).
const OpenAlertsBadge = lazy(async () => ({
  default: (await import('@/features/alerts/components/open-alerts-badge')).OpenAlertsBadge,
}));

export function Header({
  menuOpen,
  onToggleMenu,
  menuButtonRef,
}: {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** The drawer gives the focus back to this button when it closes. */
  menuButtonRef?: Ref<HTMLButtonElement>;
}) {
  const user = useSessionUser();
  const online = useOnline();
  const navigate = useNavigate();
  const logout = useLogout(() => {
    endLocalSession(queryClient, 'signed-out');
    navigate('/signIn', { replace: true });
  });

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background px-3 sm:px-4">
      <Button
        ref={menuButtonRef}
        variant="ghost"
        size="icon"
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        aria-label={menuOpen ? it.layout.closeMenu : it.layout.openMenu}
      >
        <Menu />
      </Button>
      {/* An in-app link: a full page load of / would start the app over. */}
      <Link to="/" className="flex min-h-11 items-center gap-2 font-semibold" aria-label={it.app.name}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span className="text-lg">{it.app.name}</span>
      </Link>
      <div className="ml-auto flex items-center gap-3">
        {!online && (
          <Badge variant="warning" role="status" title={it.offline.badgeHint} data-testid="offline-badge">
            <WifiOff className="size-3.5" aria-hidden="true" />
            {it.offline.badge}
          </Badge>
        )}
        {user && (
          <Suspense fallback={null}>
            <OpenAlertsBadge />
          </Suspense>
        )}
        {user && (
          <div className="text-right leading-tight" data-testid="current-user">
            <div className="text-sm font-medium">{user.username}</div>
            <div className="text-xs text-muted-foreground">{roleLabel(user.role)}</div>
          </div>
        )}
        <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut />
          {it.layout.logout}
        </Button>
      </div>
    </header>
  );
}
