import { MESSAGES, organizationPath, ROUTES } from '@registra/domain';
import { Link } from 'react-router-dom';
import { NewOrganizationModal } from '../../../components/CreateNameModal';
import { EMPTY_DATE, FormattedDate } from '../../../components/FormattedDate';
import { useCreateOrganizationMutation } from '../../../lib/records';
import { DashboardCard } from './DashboardCard';

/**
 * Dashboard "Organizations" card: the total, "View all", a create button
 * and the 5 most recent organizations with incorporation date and next AR reminder.
 */
export function OrganizationsCard() {
  const [createOrganization, { isLoading: creating }] = useCreateOrganizationMutation();

  return (
    <DashboardCard
      name="organizations"
      title="Organizations"
      listPath={ROUTES.organizations}
      select={(cards) => cards.organizations}
      unit="organizations"
      fetchFailed={MESSAGES.organizationsFetchFailed}
      empty={MESSAGES.noOrganizationsFound}
      itemClassName="px-0"
      renderItem={(organization) => (
        <>
          <Link to={organizationPath(organization._id)} className="fw-semibold">
            {organization.name}
          </Link>
          <div className="small text-muted d-flex flex-wrap gap-3">
            <span>
              Incorporation:{' '}
              <FormattedDate value={organization.incorporationDate} empty={EMPTY_DATE} />
            </span>
            <span>
              Next AR reminder:{' '}
              <FormattedDate value={organization.nextArReminder} empty={EMPTY_DATE} />
            </span>
          </div>
        </>
      )}
      createLabel="New Organization"
      CreateModal={NewOrganizationModal}
      // From the dashboard, no roles: the name only.
      create={({ name }) => createOrganization({ name }).unwrap()}
      creating={creating}
      created={MESSAGES.organizationCreated}
      createFailed={MESSAGES.organizationCreateFailed}
      recordPath={organizationPath}
    />
  );
}
