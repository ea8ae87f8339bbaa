import { useEffect, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { MESSAGES, PERSON_MERGE_FIELDS } from '@registra/domain';
import type { MergeChoice } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { DuplicateGroupList } from '../../../components/DuplicateGroupList';
import type { DuplicateMemberView } from '../../../components/DuplicateGroupList';
import { MergeDialog, mergeFieldWords } from '../../../components/MergeDialog';
import type { Person } from '../../../types/records';
import { useGetPersonQuery, useMergePeopleMutation, usePeopleDuplicatesQuery } from '../api';

/** The people list's duplicates dialog: each group of look-alike names, and merging two. */
export function DuplicatesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const titleId = useId();
  const [pair, setPair] = useState<[DuplicateMemberView, DuplicateMemberView] | null>(null);
  return (
    <>
      <Modal show={show && !pair} onHide={onHide} size="lg" scrollable aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={titleId}>
            Duplicates
          </Modal.Title>
        </Modal.Header>
        {/* Asked for only when opened: the grouping scans every person. */}
        {show && !pair && <DuplicatesBody onHide={onHide} onMerge={setPair} />}
      </Modal>
      {pair && <MergePeople pair={pair} onDone={() => setPair(null)} />}
    </>
  );
}

function MergePeople({
  pair,
  onDone,
}: {
  pair: [DuplicateMemberView, DuplicateMemberView];
  onDone: () => void;
}) {
  const first = useGetPersonQuery(pair[0].id);
  const second = useGetPersonQuery(pair[1].id);
  const [mergePeople, { isLoading }] = useMergePeopleMutation();
  const records: [Person, Person] | null =
    first.data && second.data ? [first.data, second.data] : null;
  const merge = async (keepId: string, mergeId: string, fields: Record<string, MergeChoice>) => {
    try {
      const kept = await mergePeople({ keepId, mergeId, fields }).unwrap();
      toast.success(`Merged into ${kept.firstName} ${kept.lastName}`);
      onDone();
    } catch (error) {
      toast.error(errorText(error, 'The merge failed. Nothing was changed.'));
    }
  };
  return (
    <MergeDialog
      show
      title="Merge people"
      records={records}
      nameOf={(person) => `${person.firstName} ${person.lastName}`}
      fields={PERSON_MERGE_FIELDS}
      valueOf={mergeFieldWords}
      whatMoves="Its organizations, files and everything else attached to it move to the kept person."
      busy={isLoading}
      onMerge={(keepId, mergeId, fields) => void merge(keepId, mergeId, fields)}
      onHide={onDone}
    />
  );
}

function DuplicatesBody({
  onHide,
  onMerge,
}: {
  onHide: () => void;
  onMerge: (pair: [DuplicateMemberView, DuplicateMemberView]) => void;
}) {
  const {
    data: groups,
    isFetching,
    isError,
  } = usePeopleDuplicatesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    if (isError) toast.error(MESSAGES.duplicatesFetchFailed, { id: 'people-duplicates-failed' });
  }, [isError]);

  if (isFetching && !groups) {
    return (
      <Modal.Body className="text-center">
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </Modal.Body>
    );
  }
  if (isError)
    return <Modal.Body className="text-danger">{MESSAGES.duplicatesFetchFailed}</Modal.Body>;
  if (!groups || groups.length === 0) {
    return <Modal.Body className="text-muted">No duplicates found</Modal.Body>;
  }
  return (
    <Modal.Body>
      <DuplicateGroupList
        groups={groups.map((group) => ({
          key: group._id,
          count: group.count,
          title: group.people[0]
            ? `${group.people[0].firstName} ${group.people[0].lastName}`
            : group._id,
          members: group.people.map((member) => ({
            id: member.contactId,
            name: `${member.firstName} ${member.lastName}`,
            detail: member.mail,
            href: `/people/${member.contactId}`,
          })),
        }))}
        onNavigate={onHide}
        onMerge={onMerge}
      />
    </Modal.Body>
  );
}
