import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { useSessionUser } from '@/lib/session-store';
import { Header } from './header';
import { SideMenu } from './side-menu';

const wideScreen = () => typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches;

/** The signed-in frame: header, collapsible side menu, the page. Without a session every page shows sign-in. */
export function AppLayout() {
  const user = useSessionUser();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(wideScreen);

  if (!user) return <Navigate to="/signIn" replace state={{ from: location.pathname + location.search }} />;

  const closeOnNarrow = () => {
    if (!wideScreen()) setMenuOpen(false);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <Header menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <div className="relative flex flex-1">
        <aside
          id="side-menu"
          className={cn(
            'z-20 w-64 shrink-0 border-r bg-background',
            'max-lg:absolute max-lg:inset-y-0 max-lg:left-0 max-lg:shadow-lg',
            !menuOpen && 'hidden',
          )}
        >
          <SideMenu role={user.role} onNavigate={closeOnNarrow} />
        </aside>
        <main className="min-w-0 flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
