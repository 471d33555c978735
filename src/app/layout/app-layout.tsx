import { useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { it } from '@/i18n/it';
import { cn } from '@/lib/cn';
import { sessionStore, useSessionUser } from '@/lib/session-store';
import { useMediaQuery } from '@/lib/use-media-query';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { useDrawerFocus } from './use-drawer-focus';

/**
 * From 1280 px the menu stands beside the page; below, a tablet in landscape (1024) included, it is a drawer, so
 * that the result tables get the whole width.
 */
const WIDE_SCREEN = '(min-width: 1280px)';

/** The signed-in frame: header, collapsible side menu, the page. Without a session every page shows sign-in. */
export function AppLayout() {
  const user = useSessionUser();
  const location = useLocation();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [menuOpen, setMenuOpen] = useState(wide);
  // The menu follows the window across 1280 px (a tablet turned, a window resized): open beside the page on a wide
  // one, closed on a narrow one, where it opens as a drawer only when asked.
  const [menuWide, setMenuWide] = useState(wide);
  if (menuWide !== wide) {
    setMenuWide(wide);
    setMenuOpen(wide);
  }
  const menuRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // Below 1280 px the open menu is a drawer over the page: a dimmed backdrop, Esc or a click outside closes it.
  const drawer = menuOpen && !wide;
  const trapFocus = useDrawerFocus(drawer, menuRef, menuButtonRef);

  // Back to this page after signing in again, unless the user chose 'Esci': the next one may be someone else.
  if (!user)
    return (
      <Navigate
        to="/signIn"
        replace
        state={sessionStore.signedOut() ? null : { from: location.pathname + location.search }}
      />
    );

  const closeOnNarrow = () => {
    if (!wide) setMenuOpen(false);
  };
  return (
    <div
      className="flex min-h-dvh flex-col"
      onKeyDown={(event) => {
        if (drawer && event.key === 'Escape') setMenuOpen(false);
        trapFocus(event);
      }}
    >
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:ring-2 focus:ring-ring"
      >
        {it.layout.skipToContent}
      </a>
      <Header
        menuOpen={menuOpen}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        menuButtonRef={menuButtonRef}
      />
      <div className="relative flex flex-1">
        <aside
          ref={menuRef}
          id="side-menu"
          className={cn(
            'z-20 w-72 shrink-0 border-r bg-background',
            'max-xl:absolute max-xl:inset-y-0 max-xl:left-0 max-xl:shadow-lg',
            !menuOpen && 'hidden',
          )}
        >
          <SideMenu role={user.role} onNavigate={closeOnNarrow} />
        </aside>
        {drawer && (
          <div
            aria-hidden="true"
            data-testid="menu-backdrop"
            className="absolute inset-0 z-10 bg-black/40"
            onClick={() => setMenuOpen(false)}
          />
        )}
        {/* While the drawer is open the page behind it takes no focus, so Tab stays in the menu and header. */}
        <main
          id="main-content"
          tabIndex={-1}
          inert={drawer}
          className="min-w-0 flex-1 p-4 outline-none sm:p-6"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
