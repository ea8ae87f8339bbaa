import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useCurrentUser } from '../../../app/hooks';
import { OrganizationsCard } from '../components/OrganizationsCard';
import { PeopleCard } from '../components/PeopleCard';

/** The dashboard (spec 01 §2 Dashboard): the greeting above the cards. */
export function HomePage() {
  const user = useCurrentUser();
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
      </Row>
    </>
  );
}
