import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, PICKER_PAGE_SIZE, todayInDublin } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { useCreatePersonMutation } from '../../../lib/records';
import { NewPeopleModal } from '../../../components/CreateNameModal';
import type { NewPeopleValues } from '../../../components/CreateNameModal';
import { LinkCards } from '../../../components/LinkCards';
import type { LinkCardView } from '../../../components/LinkCards';
import { isShareholder } from '../../../components/RolesFields';
import { PickerModal } from '../../../components/PickerModal';
import type { PickerSearchResult } from '../../../components/PickerModal';
import { useLinkPicker } from '../../../components/useLinkPicker';
import type { PersonSummary } from '../../../types/records';
import { useSearchPeopleForPickerQuery } from '../api';
import { useShareEntriesQuery } from '../registersApi';
import { holdingsOf, isCurrentLink, percentageDisagreement } from '../shareholding';
import type { Holdings } from '../shareholding';
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

/** A member as a card: the register's dates, and a note when the shares say otherwise. */
function memberCard(
  member: Member,
  holdings: Holdings | undefined,
  current: boolean,
): LinkCardView {
  const note =
    current && holdings && isShareholder(member)
      ? percentageDisagreement(
          member.beneficiaryPercentage,
          holdings.byPerson.get(member.peopleId._id) ?? 0,
          holdings.issued,
        )
      : null;
  return {
    id: member._id,
    title: `${member.peopleId.firstName} ${member.peopleId.lastName}`,
    href: `/people/${member.peopleId._id}/INFORMATION`,
    roles: member.roles,
    beneficiaryPercentage: member.beneficiaryPercentage,
    appointedOn: member.appointedOn ?? null,
    ceasedOn: member.ceasedOn ?? null,
    beneficialInterest: member.beneficialInterest ?? null,
    note,
    updatedAt: member.updatedAt,
  };
}

export interface MembersTabProps {
  organizationId: string;
  members: Member[] | undefined;
  isLoading: boolean;
}

/**
 * Linked people as cards, with the link, create, edit-roles, end-role and unlink dialogs: those
 * who hold their role today first, former members below with their dates.
 */
export function MembersTab({ organizationId, members, isLoading }: MembersTabProps) {
  const navigate = useNavigate();
  // Without share entries (or while they load) there is nothing to check the percentages with.
  const entries = useShareEntriesQuery(organizationId);
  const today = todayInDublin();
  // Today's holdings: an entry dated later (an allotment keyed in advance) does not count yet.
  const holdings = entries.data ? holdingsOf(entries.data, today) : undefined;
  const current = (members ?? []).filter((member) => isCurrentLink(member, today));
  const former = (members ?? []).filter((member) => !isCurrentLink(member, today));
  const [showCreate, setShowCreate] = useState(false);
  const { showPicker, setShowPicker, link, linking, createLink } = useLinkPicker();
  const [createPerson, { isLoading: creatingPerson }] = useCreatePersonMutation();

  const linkPerson = (person: PersonSummary) => link({ peopleId: person._id, organizationId });

  const createMember = async (values: NewPeopleValues) => {
    let personId: string;
    try {
      personId = (await createPerson(values).unwrap())._id;
    } catch (error) {
      toast.error(errorText(error, MESSAGES.personCreateFailed));
      return;
    }
    try {
      // Only the two ids when a person is created from an organization.
      await createLink({ peopleId: personId, organizationId }).unwrap();
    } catch (error) {
      // The person exists; say why it is not linked, and open it all the same.
      toast.error(errorText(error, MESSAGES.anErrorOccurred, 'code'));
    }
    toast.success(MESSAGES.created);
    setShowCreate(false);
    navigate(`/people/${personId}`);
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
        <>
          {current.length === 0 ? (
            <p className="text-muted">No current members.</p>
          ) : (
            <LinkCards
              unlinkTitle="Unlink"
              testId="member-card"
              withDates
              links={current.map((member) => memberCard(member, holdings, true))}
            />
          )}
          {former.length > 0 && (
            <section aria-labelledby="former-members" className="mt-4">
              <h2 id="former-members" className="h6 text-muted">
                Former members
              </h2>
              <LinkCards
                unlinkTitle="Unlink"
                testId="former-member-card"
                withDates
                links={former.map((member) => memberCard(member, holdings, false))}
              />
            </section>
          )}
        </>
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
    </>
  );
}
