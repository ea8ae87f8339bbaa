import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useCurrentUser } from '../../../lib/hooks';
import { useExtensions } from '../../../components/extensions';
import { OrganizationsCard } from '../components/OrganizationsCard';
import { PeopleCard } from '../components/PeopleCard';

/**
 * The dashboard (docs/product/calendar-and-overview.md, "Home"): the greeting above the cards; the
 * tasks and follow-ups features contribute theirs (components/extensions.tsx), placed by their
 * order.
 */
export function HomePage() {
  const user = useCurrentUser();
  const { dashboardCards } = useExtensions();
  return (
    <>
      <h1 className="h3">
        Welcome, {user?.firstName} {user?.lastName}
      </h1>
      <Row className="g-3 mt-1">
        <Col lg={6}>
          <OrganizationsCard />
        </Col>
        <Col lg={6}>
          <PeopleCard />
        </Col>
        {[...dashboardCards]
          .sort((a, b) => a.order - b.order)
          .map(({ key, Component }) => (
            <Col lg={6} key={key}>
              <Component />
            </Col>
          ))}
      </Row>
    </>
  );
}
