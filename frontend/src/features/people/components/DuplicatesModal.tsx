import { PERSON_MERGE_FIELDS } from '@registra/domain';
import { DuplicatesDialog } from '../../../components/DuplicatesDialog';
import type { DuplicatesMerge } from '../../../components/DuplicatesDialog';
import type { Person } from '../../../types/records';
import { useGetPersonQuery, useMergePeopleMutation, usePeopleDuplicatesQuery } from '../api';

/** The people's groups of look-alike names, as the shared dialog shows them. */
function usePeopleGroups() {
  const { data, isFetching, isError } = usePeopleDuplicatesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const groups = data?.map((group) => ({
    key: group._id,
    count: group.count,
    title: group.people[0] ? `${group.people[0].firstName} ${group.people[0].lastName}` : group._id,
    members: group.people.map((member) => ({
      id: member.contactId,
      name: `${member.firstName} ${member.lastName}`,
      detail: member.mail,
      href: `/people/${member.contactId}`,
    })),
  }));
  return { groups, isFetching, isError };
}

function useMergePeople() {
  const [mergePeople, { isLoading }] = useMergePeopleMutation();
  return {
    merge: (args: Parameters<typeof mergePeople>[0]) => mergePeople(args).unwrap(),
    busy: isLoading,
  };
}

const MERGE_PEOPLE: DuplicatesMerge<Person> = {
  title: 'Merge people',
  fields: PERSON_MERGE_FIELDS,
  nameOf: (person) => `${person.firstName} ${person.lastName}`,
  whatMoves: 'Its organizations, files and everything else attached to it move to the kept person.',
  useRecord: useGetPersonQuery,
  useMerge: useMergePeople,
};

/** The people list's duplicates dialog: each group of look-alike names, and merging two. */
export function DuplicatesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  return (
    <DuplicatesDialog
      show={show}
      onHide={onHide}
      title="Duplicates"
      useGroups={usePeopleGroups}
      errorToastId="people-duplicates-failed"
      merge={MERGE_PEOPLE}
    />
  );
}
