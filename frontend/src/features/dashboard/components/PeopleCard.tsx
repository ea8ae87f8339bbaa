import { createdDaysAgo, fullName, MESSAGES, peoplePath, ROUTES } from '@registra/domain';
import { Link } from 'react-router-dom';
import { NewPeopleModal } from '../../../components/CreateNameModal';
import { useCreatePersonMutation } from '../../../lib/records';
import { DashboardCard } from './DashboardCard';

/**
 * Dashboard "People" card: the total, "View all", a create button and the
 * 5 most recent people with "Created N days ago".
 */
export function PeopleCard() {
  const [createPerson, { isLoading: creating }] = useCreatePersonMutation();

  return (
    <DashboardCard
      name="people"
      title="People"
      listPath={ROUTES.people}
      select={(cards) => cards.people}
      unit="people"
      fetchFailed={MESSAGES.peopleFetchFailed}
      empty={MESSAGES.noPeopleFound}
      itemClassName="px-0 d-flex justify-content-between gap-2"
      renderItem={(person) => (
        <>
          <Link to={peoplePath(person._id)} className="fw-semibold">
            {fullName(person)}
          </Link>
          <span className="small text-muted">{createdDaysAgo(person.createdAt)}</span>
        </>
      )}
      createLabel="New People"
      CreateModal={NewPeopleModal}
      create={(values) => createPerson(values).unwrap()}
      creating={creating}
      created={MESSAGES.created}
      createFailed={MESSAGES.personCreateFailed}
      recordPath={peoplePath}
    />
  );
}
