import { ROUTES } from '@registra/domain';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router-dom';
import { useLogoutMutation } from '../../features/auth/api';
import type { User } from '../../types/api';
import { fullName } from '../session';
import { NAV_ITEMS } from './navigation';

/** The signed-in area's top bar; below the `lg` breakpoint its links fold into a menu button. */
export function TopNav({ user }: { user: User }) {
  const [logout, { isLoading: signingOut }] = useLogoutMutation();

  return (
    <Navbar expand="lg" bg="dark" data-bs-theme="dark" collapseOnSelect className="mb-4">
      <Container fluid>
        <Navbar.Brand as={Link} to={ROUTES.home}>
          Registra
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navigation" />
        <Navbar.Collapse id="main-navigation">
          <Nav className="me-auto">
            {NAV_ITEMS.filter((item) => !item.adminOnly || user.role === 'admin').map((item) => (
              // `end` keeps Home from looking active on every page.
              <Nav.Link
                key={item.to}
                as={NavLink}
                to={item.to}
                eventKey={item.to}
                end={item.to === ROUTES.home}
              >
                {item.label}
              </Nav.Link>
            ))}
          </Nav>
          <Nav className="align-items-lg-center gap-lg-2">
            <Nav.Link as={NavLink} to={ROUTES.account} eventKey={ROUTES.account}>
              {fullName(user)}
            </Nav.Link>
            {/* Once the session is cleared the guard sends the visitor to sign-in. */}
            <Button
              variant="outline-light"
              size="sm"
              disabled={signingOut}
              onClick={() => void logout()}
            >
              Sign out
            </Button>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
