import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@registra/domain';
import { NewOrganizationModal } from '../../../components/CreateNameModal';
import type { NewOrganizationValues } from '../../../components/CreateNameModal';
import { LinkCards } from '../../../components/LinkCards';
import { PickerModal } from '../../../components/PickerModal';
import type { PickerSearchResult } from '../../../components/PickerModal';
import { useLinkPicker } from '../../../components/useLinkPicker';
import { errorText } from '../../../lib/errors';
import { useCreateOrganizationMutation } from '../../../lib/records';
import type { OrganizationSummary } from '../../../types/records';
import { useSearchOrganizationsForPickerQuery } from '../api';
import type { PersonLink } from '../api';

/** The Link Organization picker's search: organizations by name, 5 a page. */
function useOrganizationPickerSearch(
  term: string,
  page: number,
): PickerSearchResult<OrganizationSummary> {
  const { data, isFetching, isError } = useSearchOrganizationsForPickerQuery({
    search: term,
    page,
  });
  return { rows: data?.data ?? [], totalPages: data?.totalPages ?? 0, isFetching, isError };
}

export interface PersonOrganizationsTabProps {
  personId: string;
  links: PersonLink[] | undefined;
  isLoading: boolean;
}

/**
 * The person's Organizations tab: their links with roles, and the Link Organization picker,
 * Edit Roles, Unlink and "New Organization" (with the person's roles) actions.
 */
export function PersonOrganizationsTab({
  personId,
  links,
  isLoading,
}: PersonOrganizationsTabProps) {
  const navigate = useNavigate();
  const [showCreate, setShowCreate] = useState(false);
  const { showPicker, setShowPicker, link: linkWith, linking, createLink } = useLinkPicker();
  const [createOrganization, { isLoading: creatingOrganization }] = useCreateOrganizationMutation();

  const link = (organization: OrganizationSummary) =>
    linkWith({ peopleId: personId, organizationId: organization._id });

  const createWithRoles = async ({ name, roles, beneficiaryPercentage }: NewOrganizationValues) => {
    try {
      const organization = await createOrganization({ name }).unwrap();
      await createLink({
        peopleId: personId,
        organizationId: organization._id,
        roles,
        beneficiaryPercentage,
      }).unwrap();
      toast.success(MESSAGES.organizationCreated);
      setShowCreate(false);
      navigate(`/organization/${organization._id}`);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.organizationCreateFailed));
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap gap-2 justify-content-end mb-3">
        <Button variant="outline-primary" onClick={() => setShowPicker(true)}>
          Link Organization
        </Button>
        <Button variant="primary" onClick={() => setShowCreate(true)}>
          New Organization
        </Button>
      </div>

      {isLoading ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      ) : !links || links.length === 0 ? (
        <p className="text-muted">This person is not linked to any organization.</p>
      ) : (
        <LinkCards
          unlinkTitle="Unlink organization"
          links={links.map((item) => ({
            id: item._id,
            title: item.organizationId.name,
            href: `/organization/${item.organizationId._id}`,
            roles: item.roles,
            beneficiaryPercentage: item.beneficiaryPercentage,
          }))}
        />
      )}

      <PickerModal<OrganizationSummary>
        show={showPicker}
        title="Link Organization"
        emptyText={MESSAGES.noOrganizationsFound}
        searchPlaceholder="Search organizations"
        useSearch={useOrganizationPickerSearch}
        rowKey={(row) => row._id}
        renderRow={(row) => row.name}
        onLink={(row) => void link(row)}
        onHide={() => setShowPicker(false)}
        busy={linking}
      />
      <NewOrganizationModal
        show={showCreate}
        withRoles
        busy={creatingOrganization || linking}
        onHide={() => setShowCreate(false)}
        onSubmit={createWithRoles}
      />
    </>
  );
}
