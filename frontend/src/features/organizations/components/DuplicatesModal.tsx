import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { MESSAGES, ORGANIZATION_MERGE_FIELDS } from '@registra/domain';
import type { MergeChoice } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { DuplicateGroupList } from '../../../components/DuplicateGroupList';
import type { DuplicateMemberView } from '../../../components/DuplicateGroupList';
import { MergeDialog, mergeFieldWords } from '../../../components/MergeDialog';
import {
  useGetOrganizationQuery,
  useMergeOrganizationsMutation,
  useOrganizationDuplicatesQuery,
} from '../api';
import type { Organization } from '../types';

/** Groups of organizations whose names differ only by case, accents, spacing or legal suffix. */
export function DuplicatesModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const [pair, setPair] = useState<[DuplicateMemberView, DuplicateMemberView] | null>(null);
  return (
    <>
      <Modal show={show && !pair} onHide={onHide} centered size="lg" scrollable>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Duplicate organizations
          </Modal.Title>
        </Modal.Header>
        {/* Mounted only while shown, so each opening asks the server afresh. */}
        {show && !pair && <DuplicatesBody onNavigate={onHide} onMerge={setPair} />}
      </Modal>
      {pair && <MergeOrganizations pair={pair} onDone={() => setPair(null)} />}
    </>
  );
}

function MergeOrganizations({
  pair,
  onDone,
}: {
  pair: [DuplicateMemberView, DuplicateMemberView];
  onDone: () => void;
}) {
  const first = useGetOrganizationQuery(pair[0].id);
  const second = useGetOrganizationQuery(pair[1].id);
  const [mergeOrganizations, { isLoading }] = useMergeOrganizationsMutation();
  const records: [Organization, Organization] | null =
    first.data && second.data ? [first.data, second.data] : null;
  const merge = async (keepId: string, mergeId: string, fields: Record<string, MergeChoice>) => {
    try {
      const kept = await mergeOrganizations({ keepId, mergeId, fields }).unwrap();
      toast.success(`Merged into ${kept.name}`);
      onDone();
    } catch (error) {
      toast.error(errorText(error, 'The merge failed. Nothing was changed.'));
    }
  };
  return (
    <MergeDialog
      show
      title="Merge organizations"
      records={records}
      nameOf={(organization) => organization.name}
      fields={ORGANIZATION_MERGE_FIELDS}
      valueOf={mergeFieldWords}
      whatMoves="Its members, notes, files, assigned users and everything else attached to it move to the kept organization."
      busy={isLoading}
      onMerge={(keepId, mergeId, fields) => void merge(keepId, mergeId, fields)}
      onHide={onDone}
    />
  );
}

function DuplicatesBody({
  onNavigate,
  onMerge,
}: {
  onNavigate: () => void;
  onMerge: (pair: [DuplicateMemberView, DuplicateMemberView]) => void;
}) {
  const { data, isFetching, isError } = useOrganizationDuplicatesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    if (isError) toast.error(MESSAGES.duplicatesFetchFailed, { id: 'organization-duplicates' });
  }, [isError]);

  if (isFetching && !data) {
    return (
      <Modal.Body className="text-center">
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </Modal.Body>
    );
  }
  if (isError) {
    return (
      <Modal.Body>
        <p className="text-danger mb-0">{MESSAGES.duplicatesFetchFailed}</p>
      </Modal.Body>
    );
  }
  const groups = data ?? [];
  return (
    <Modal.Body>
      {groups.length === 0 ? (
        <p className="text-muted mb-0">No duplicates found</p>
      ) : (
        <DuplicateGroupList
          groups={groups.map((group) => ({
            key: group._id,
            count: group.count,
            title: group.organizations[0] ?? group._id,
            members: group.organizations.map((name, index) => ({
              id: group.organizationIds[index],
              name,
              href: `/organization/${group.organizationIds[index]}`,
            })),
          }))}
          onNavigate={onNavigate}
          onMerge={onMerge}
        />
      )}
    </Modal.Body>
  );
}
