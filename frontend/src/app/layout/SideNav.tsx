import { ROUTES } from '@registra/domain';
import { useId } from 'react';
import type { Ref } from 'react';
import { NavLink } from 'react-router-dom';
import type { User } from '../../types/api';
import { navigationFor } from './navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'app-sidenav-link active' : 'app-sidenav-link';

/**
 * The side navigation: every destination in its labelled group (ADR 0131). Always shown from
 * Bootstrap's `lg` breakpoint; below it, an overlay the top bar's Menu button opens (`open`).
 * Plain markup and CSS (app.css): no offcanvas component in the first screen's JavaScript.
 */
export function SideNav({
  ref,
  id,
  user,
  open,
  onChoose,
}: {
  ref?: Ref<HTMLElement>;
  id: string;
  user: User;
  open: boolean;
  /** A destination was chosen: the overlay folds. */
  onChoose: () => void;
}) {
  const headingId = useId();
  return (
    <nav ref={ref} id={id} aria-label="Main" className={open ? 'app-sidenav open' : 'app-sidenav'}>
      {navigationFor(user).map((group, index) => (
        <section key={group.label} className="app-sidenav-group">
          <h2 id={`${headingId}-${index}`} className="app-sidenav-heading">
            {group.label}
          </h2>
          <ul aria-labelledby={`${headingId}-${index}`}>
            {group.items.map((item) => (
              <li key={item.to}>
                {/* `end` keeps Home from looking current on every page. */}
                <NavLink
                  className={linkClass}
                  to={item.to}
                  end={item.to === ROUTES.home}
                  onClick={onChoose}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
