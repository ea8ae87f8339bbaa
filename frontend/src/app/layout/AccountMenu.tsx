import { ROUTES } from '@registra/domain';
import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useLogoutMutation } from '../../features/auth/api';
import { fullName } from '../../lib/session';
import type { User } from '../../types/api';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'dropdown-item active' : 'dropdown-item';

/**
 * The top bar's account menu: the signed-in user's name opens their account, the administrators'
 * Users page and the one Sign out of the signed-in area. A disclosure (a button and the list it
 * shows) rather than an ARIA menu: Tab walks it as any links; Escape, a click or focus elsewhere
 * folds it.
 */
export function AccountMenu({ user }: { user: User }) {
  const [logout, { isLoading: signingOut }] = useLogoutMutation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div ref={root} className="app-account">
      <button
        ref={toggle}
        type="button"
        className="btn btn-sm btn-outline-light dropdown-toggle app-account-toggle"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((shown) => !shown)}
      >
        <span className="app-account-name">{fullName(user)}</span>
      </button>
      {open && (
        <ul id="account-menu" className="dropdown-menu show app-account-menu">
          <li>
            <NavLink className={itemClass} to={ROUTES.account} onClick={close}>
              Account
            </NavLink>
          </li>
          {user.role === 'admin' && (
            <li>
              <NavLink className={itemClass} to={ROUTES.users} onClick={close}>
                Users
              </NavLink>
            </li>
          )}
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            {/* Once the session is cleared the guard sends the visitor to sign-in. */}
            <button
              type="button"
              className="dropdown-item"
              disabled={signingOut}
              onClick={() => void logout()}
            >
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
