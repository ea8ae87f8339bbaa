import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorCode, MESSAGES } from '@registra/domain';
import { isApiError } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NewOrganizationModal } from '../../../components/CreateNameModal';
import type { NewOrganizationValues } from '../../../components/CreateNameModal';
import { EditRolesModal } from '../../../components/EditRolesModal';
import { PickerModal } from '../../../components/PickerModal';
import type { PickerSearchResult } from '../../../components/PickerModal';
import { isShareholder, roleLabel } from '../../../components/RolesFields';
import type { RolesValue } from '../../../components/RolesFields';
import { errorText } from '../../../app/errors';
import {
  useCreateLinkMutation,
  useCreateOrganizationMutation,
  useDeleteLinkMutation,
  useUpdateLinkMutation,
} from '../../../app/records';
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
  const [showPicker, setShowPicker] = useState(false);
  const [showCreate, setShowCreate] = useState(false);
  const [editing, setEditing] = useState<PersonLink | null>(null);
  const [unlinking, setUnlinking] = useState<PersonLink | null>(null);

  const [createLink, { isLoading: linking }] = useCreateLinkMutation();
  const [updateLink, { isLoading: savingRoles }] = useUpdateLinkMutation();
  const [deleteLink, { isLoading: deleting }] = useDeleteLinkMutation();
  const [createOrganization, { isLoading: creatingOrganization }] = useCreateOrganizationMutation();

  const link = async (organization: OrganizationSummary) => {
    try {
      await createLink({ peopleId: personId, organizationId: organization._id }).unwrap();
      toast.success(MESSAGES.added);
      setShowPicker(false);
    } catch (error) {
      toast.error(
        isApiError(error) && error.code === ErrorCode.LINK_ALREADY_EXISTS
          ? MESSAGES.linkAlreadyExists
          : errorText(error, MESSAGES.anErrorOccurred, 'code'),
      );
    }
  };

  const saveRoles = async (value: RolesValue) => {
    if (!editing) return;
    try {
      await updateLink({ id: editing._id, ...value }).unwrap();
      toast.success(MESSAGES.rolesUpdated);
      setEditing(null);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.rolesUpdateFailed, 'code'));
    }
  };

  const unlink = async () => {
    if (!unlinking) return;
    try {
      await deleteLink(unlinking._id).unwrap();
      toast.success(MESSAGES.deleted);
      setUnlinking(null);
    } catch (error) {
      setUnlinking(null);
      toast.error(errorText(error, MESSAGES.anErrorOccurred, 'code'));
    }
  };

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
        <div className="d-grid gap-2">
          {links.map((item) => (
            <Card key={item._id} as="article" aria-label={item.organizationId.name}>
              <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-2">
                <div>
                  <Link to={`/organization/${item.organizationId._id}`} className="fw-semibold">
                    {item.organizationId.name}
                  </Link>
                  <div className="d-flex flex-wrap gap-1 mt-1">
                    {item.roles.length === 0 && <span className="text-muted small">No role</span>}
                    {item.roles.map((role) => (
                      <Badge key={role} bg="info" text="dark">
                        {roleLabel(role)}
                      </Badge>
                    ))}
                    {isShareholder(item) && (
                      <Badge bg="light" text="dark" className="border">
                        Beneficiary: {item.beneficiaryPercentage}%
                      </Badge>
                    )}
                  </div>
                </div>
                <div className="d-flex gap-2">
                  <Button size="sm" variant="outline-secondary" onClick={() => setEditing(item)}>
                    Edit Roles
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => setUnlinking(item)}>
                    Unlink
                  </Button>
                </div>
              </Card.Body>
            </Card>
          ))}
        </div>
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
      <EditRolesModal
        show={editing !== null}
        initial={
          editing
            ? { roles: editing.roles, beneficiaryPercentage: editing.beneficiaryPercentage }
            : { roles: [], beneficiaryPercentage: 0 }
        }
        busy={savingRoles}
        onSave={(value) => void saveRoles(value)}
        onHide={() => setEditing(null)}
      />
      <ConfirmDialog
        show={unlinking !== null}
        title="Unlink organization"
        message={MESSAGES.confirmUnlink}
        confirmLabel="Unlink"
        busy={deleting}
        onConfirm={() => void unlink()}
        onCancel={() => setUnlinking(null)}
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
