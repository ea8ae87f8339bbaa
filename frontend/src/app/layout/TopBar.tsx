import { ROUTES } from '@registra/domain';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { GlobalSearch } from '../../features/search/components/GlobalSearch';
import type { User } from '../../types/api';
import { AccountMenu } from './AccountMenu';

/**
 * The slim bar above every signed-in page: below the `lg` breakpoint the Menu button that opens
 * the side navigation, the product's name (home), the search box and the account menu. Nothing
 * in it is wider than the window at any width (app.css).
 */
export function TopBar({
  user,
  menuOpen,
  menuId,
  menuButton,
  onMenu,
  onNavigate,
}: {
  user: User;
  menuOpen: boolean;
  /** The side navigation's id, which the Menu button controls. */
  menuId: string;
  menuButton: Ref<HTMLButtonElement>;
  onMenu: () => void;
  /** Home or a search result was opened from the bar: the side navigation's overlay folds. */
  onNavigate: () => void;
}) {
  return (
    <header className="app-topbar" data-bs-theme="dark">
      <button
        ref={menuButton}
        type="button"
        className="btn btn-sm btn-outline-light app-menu-button"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={onMenu}
      >
        <svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M2 4h12M2 8h12M2 12h12"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      <Link className="app-brand" to={ROUTES.home} onClick={onNavigate}>
        Registra
      </Link>
      <div className="app-topbar-search">
        <GlobalSearch onOpen={onNavigate} />
      </div>
      <nav aria-label="Account">
        <AccountMenu user={user} />
      </nav>
    </header>
  );
}
