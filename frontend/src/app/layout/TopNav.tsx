import { ROUTES } from '@registra/domain';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, NavLink } from 'react-router-dom';
import { useLogoutMutation } from '../../features/auth/api';
import { GlobalSearch } from '../../features/search/components/GlobalSearch';
import type { User } from '../../types/api';
import { fullName } from '../../lib/session';
import { NAV_ITEMS } from './navigation';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'nav-link active' : 'nav-link';

/**
 * The signed-in area's top bar; below the `lg` breakpoint its links fold into a menu button.
 * Bootstrap's navbar markup rather than react-bootstrap's `Navbar`: that component brings its
 * offcanvas, modal manager and transitions into the first screen's JavaScript (its budget: docs/benchmarks.md), and the
 * bar needs only a toggled `show` class.
 */
export function TopNav({ user }: { user: User }) {
  const [logout, { isLoading: signingOut }] = useLogoutMutation();
  const [expanded, setExpanded] = useState(false);
  // Choosing a page folds the menu again on narrow screens.
  const fold = () => setExpanded(false);

  return (
    <nav className="navbar navbar-expand-lg bg-dark mb-4" data-bs-theme="dark">
      <div className="container-fluid">
        <Link className="navbar-brand" to={ROUTES.home} onClick={fold}>
          Registra
        </Link>
        <button
          type="button"
          className={expanded ? 'navbar-toggler' : 'navbar-toggler collapsed'}
          aria-controls="main-navigation"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div
          id="main-navigation"
          className={expanded ? 'navbar-collapse collapse show' : 'navbar-collapse collapse'}
        >
          <div className="navbar-nav me-auto">
            {NAV_ITEMS.filter((item) => !item.adminOnly || user.role === 'admin').map((item) => (
              // `end` keeps Home from looking active on every page.
              <NavLink
                key={item.to}
                className={navLinkClass}
                to={item.to}
                end={item.to === ROUTES.home}
                onClick={fold}
              >
                {item.label}
              </NavLink>
            ))}
          </div>
          <div className="navbar-nav align-items-lg-center gap-lg-2">
            <div className="my-2 my-lg-0 me-lg-2">
              <GlobalSearch onOpen={fold} />
            </div>
            {/* The account menu: the administrators' staff accounts beside one's own. */}
            {user.role === 'admin' && (
              <NavLink className={navLinkClass} to={ROUTES.users} onClick={fold}>
                Users
              </NavLink>
            )}
            <NavLink className={navLinkClass} to={ROUTES.account} onClick={fold}>
              {fullName(user)}
            </NavLink>
            {/* Once the session is cleared the guard sends the visitor to sign-in. */}
            <Button variant="light" size="sm" disabled={signingOut} onClick={() => void logout()}>
              Sign out
            </Button>
          </div>
        </div>
      </div>
    </nav>
  );
}
