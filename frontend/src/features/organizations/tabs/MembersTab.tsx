import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorCode, MESSAGES, PICKER_PAGE_SIZE } from '@registra/domain';
import { isApiError } from '../../../app/api';
import { errorText } from '../../../app/errors';
import {
  useCreateLinkMutation,
  useCreatePersonMutation,
  useDeleteLinkMutation,
  useUpdateLinkMutation,
} from '../../../app/records';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NewPeopleModal } from '../../../components/CreateNameModal';
import type { NewPeopleValues } from '../../../components/CreateNameModal';
import { EditRolesModal } from '../../../components/EditRolesModal';
import { PickerModal } from '../../../components/PickerModal';
import type { PickerSearchResult } from '../../../components/PickerModal';
import { roleLabel } from '../../../components/RolesFields';
import type { RolesValue } from '../../../components/RolesFields';
import type { PersonSummary } from '../../../types/records';
import { useSearchPeopleForPickerQuery } from '../api';
import type { Member } from '../types';

/** The Link Person picker's search: 5 people a page (a module-level hook, as the picker asks). */
function usePeoplePickerSearch(term: string, page: number): PickerSearchResult<PersonSummary> {
  const { data, isFetching, isError } = useSearchPeopleForPickerQuery({
    search: term,
    page,
    limit: PICKER_PAGE_SIZE,
  });
  return { rows: data?.data ?? [], totalPages: data?.totalPages ?? 0, isFetching, isError };
}

export interface MembersTabProps {
  organizationId: string;
  members: Member[] | undefined;
  isLoading: boolean;
}

/** Linked people as cards, with the link, create, edit-roles and unlink dialogs. */
export function MembersTab({ organizationId, members, isLoading }: MembersTabProps) {
  const navigate = useNavigate();
  const [showPicker, setShowPicker] = useState(false);
  const [showCreate, setShowCreate] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [unlinking, setUnlinking] = useState<Member | null>(null);

  const [createLink, { isLoading: linking }] = useCreateLinkMutation();
  const [updateLink, { isLoading: savingRoles }] = useUpdateLinkMutation();
  const [deleteLink, { isLoading: deleting }] = useDeleteLinkMutation();
  const [createPerson, { isLoading: creatingPerson }] = useCreatePersonMutation();

  const linkPerson = async (person: PersonSummary) => {
    try {
      await createLink({ peopleId: person._id, organizationId }).unwrap();
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

  const createMember = async (values: NewPeopleValues) => {
    let personId: string;
    try {
      personId = (await createPerson(values).unwrap())._id;
    } catch (error) {
      toast.error(errorText(error, MESSAGES.personCreateFailed));
      return;
    }
    try {
      // Spec 01 §7: only the two ids when a person is created from an organization.
      await createLink({ peopleId: personId, organizationId }).unwrap();
    } catch (error) {
      // The person exists; say why it is not linked, and open it all the same.
      toast.error(errorText(error, MESSAGES.anErrorOccurred, 'code'));
    }
    toast.success(MESSAGES.created);
    setShowCreate(false);
    navigate(`/people/${personId}`);
  };

  const saveRoles = async (value: RolesValue) => {
    if (!editing) return;
    try {
      await updateLink({ id: editing._id, ...value }).unwrap();
      toast.success(MESSAGES.rolesUpdated);
      setEditing(null);
    } catch {
      toast.error(MESSAGES.rolesUpdateFailed);
    }
  };

  const unlink = async () => {
    if (!unlinking) return;
    try {
      await deleteLink(unlinking._id).unwrap();
      toast.success(MESSAGES.deleted);
      setUnlinking(null);
    } catch (error) {
      toast.error(errorText(error, MESSAGES.anErrorOccurred, 'code'));
    }
  };

  return (
    <>
      <div className="d-flex gap-2 mb-3">
        <Button variant="outline-primary" onClick={() => setShowPicker(true)}>
          Link Person
        </Button>
        <Button variant="primary" onClick={() => setShowCreate(true)}>
          New People
        </Button>
      </div>

      {isLoading && !members ? (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      ) : (members ?? []).length === 0 ? (
        <p className="text-muted">No members yet.</p>
      ) : (
        <Row className="g-3">
          {(members ?? []).map((member) => (
            <Col md={6} xl={4} key={member._id}>
              <Card className="h-100" data-testid="member-card">
                <Card.Body>
                  <Card.Title as="h2" className="h6">
                    <Link to={`/people/${member.peopleId._id}/INFORMATION`}>
                      {member.peopleId.firstName} {member.peopleId.lastName}
                    </Link>
                  </Card.Title>
                  <div className="d-flex flex-wrap gap-1 mb-2">
                    {member.roles.length === 0 && <span className="text-muted small">No role</span>}
                    {member.roles.map((role) => (
                      <Badge key={role} bg="primary">
                        {roleLabel(role)}
                      </Badge>
                    ))}
                    {member.roles.includes('shareholder') && (
                      <Badge bg="info" text="dark">
                        Beneficiary {member.beneficiaryPercentage}%
                      </Badge>
                    )}
                  </div>
                </Card.Body>
                <Card.Footer className="d-flex gap-2 bg-transparent">
                  <Button size="sm" variant="outline-secondary" onClick={() => setEditing(member)}>
                    Edit Roles
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => setUnlinking(member)}>
                    Unlink
                  </Button>
                </Card.Footer>
              </Card>
            </Col>
          ))}
        </Row>
      )}

      <PickerModal<PersonSummary>
        show={showPicker}
        title="Link Person"
        emptyText={MESSAGES.noPeopleFound}
        useSearch={usePeoplePickerSearch}
        rowKey={(person) => person._id}
        renderRow={(person) => (
          <>
            {person.firstName} {person.lastName}
            {person.mail && <span className="text-muted small ms-2">{person.mail}</span>}
          </>
        )}
        onLink={(person) => void linkPerson(person)}
        onHide={() => setShowPicker(false)}
        busy={linking}
      />
      <NewPeopleModal
        show={showCreate}
        busy={creatingPerson || linking}
        onHide={() => setShowCreate(false)}
        onSubmit={createMember}
      />
      <EditRolesModal
        show={editing !== null}
        initial={{
          roles: editing?.roles ?? [],
          beneficiaryPercentage: editing?.beneficiaryPercentage ?? 0,
        }}
        busy={savingRoles}
        onSave={(value) => void saveRoles(value)}
        onHide={() => setEditing(null)}
      />
      <ConfirmDialog
        show={unlinking !== null}
        title="Unlink"
        message={MESSAGES.confirmUnlink}
        confirmLabel="Unlink"
        busy={deleting}
        onConfirm={() => void unlink()}
        onCancel={() => setUnlinking(null)}
      />
    </>
  );
}
