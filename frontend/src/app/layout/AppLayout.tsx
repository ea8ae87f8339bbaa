import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router-dom';
import type { User } from '../../types/api';
import { TopNav } from './TopNav';

/** The signed-in area: the top navigation above the requested page. */
export function AppLayout({ user }: { user: User }) {
  return (
    <>
      <TopNav user={user} />
      <Container as="main" fluid className="pb-4">
        <Outlet />
      </Container>
    </>
  );
}
