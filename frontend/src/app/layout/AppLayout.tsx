import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import type { User } from '../../types/api';
import { useWideScreen } from '../../lib/media';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';

const SIDE_NAVIGATION = 'side-navigation';

/**
 * The signed-in area: the top bar, the side navigation and the requested page. Below `lg` the
 * side navigation is an overlay: while it is open the page behind is inert (neither clickable
 * nor in the Tab order), Escape or a click beside it folds it and focus goes back to the Menu
 * button.
 */
export function AppLayout({ user }: { user: User }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const wide = useWideScreen();
  // Grown past `lg` while open: the navigation is simply beside the page again.
  const overlay = menuOpen && !wide;
  const menuButton = useRef<HTMLButtonElement>(null);
  const sideNav = useRef<HTMLElement>(null);

  const fold = (returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  };

  useEffect(() => {
    if (!overlay) return;
    // Into the overlay, on its first link, so that Tab goes on through the destinations.
    sideNav.current?.querySelector<HTMLElement>('a')?.focus();
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [overlay]);

  return (
    <div className="app-shell">
      <a
        className="visually-hidden-focusable app-skip-link"
        href="#main-content"
        onClick={(event) => {
          // The router owns the address: move focus without a hash in it.
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to the page
      </a>
      <TopBar
        user={user}
        menuOpen={overlay}
        menuId={SIDE_NAVIGATION}
        menuButton={menuButton}
        onMenu={() => (overlay ? fold(false) : setMenuOpen(true))}
        onNavigate={() => fold(false)}
      />
      <div className="app-body">
        <SideNav
          ref={sideNav}
          id={SIDE_NAVIGATION}
          user={user}
          open={overlay}
          onChoose={() => fold(false)}
        />
        {overlay && <div className="app-backdrop" aria-hidden="true" onClick={() => fold(true)} />}
        <main id="main-content" tabIndex={-1} className="app-main" inert={overlay}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
