import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { MESSAGES } from '@registra/domain';
import type { MergeChoice, MergeField } from '@registra/domain';
import { errorText } from '../lib/errors';
import { DuplicateGroupList } from './DuplicateGroupList';
import type { DuplicateGroupView, DuplicateMemberView } from './DuplicateGroupList';
import { MergeDialog, mergeFieldWords } from './MergeDialog';
import type { MergeRecord } from './MergeDialog';
import { useErrorToast } from './useErrorToast';

/** The groups of look-alike records, as the feature's query answers them. */
export interface DuplicateGroupsAnswer {
  groups: readonly DuplicateGroupView[] | undefined;
  isFetching: boolean;
  isError: boolean;
}

/** How the feature merges two of its records. */
export interface DuplicatesMerge<R extends MergeRecord> {
  /** 'Merge people'. */
  title: string;
  fields: readonly MergeField[];
  nameOf: (record: R) => string;
  /** What else moves to the kept record, in words. */
  whatMoves: string;
  /** The feature's query of one record (both of a pair are loaded before the choice). */
  useRecord: (id: string) => { data?: R };
  /** The feature's merge (resolves to the kept record), and whether one is on its way. */
  useMerge: () => {
    merge: (args: {
      keepId: string;
      mergeId: string;
      fields: Record<string, MergeChoice>;
    }) => Promise<R>;
    busy: boolean;
  };
}

export interface DuplicatesDialogProps<R extends MergeRecord> {
  show: boolean;
  onHide: () => void;
  /** The dialog's title ('Duplicates', 'Duplicate organizations'). */
  title: string;
  /** The feature's grouping query, asked only while the dialog is open (it scans every record). */
  useGroups: () => DuplicateGroupsAnswer;
  /** The id of the toast that says the grouping failed. */
  errorToastId: string;
  merge: DuplicatesMerge<R>;
}

/**
 * The duplicates dialog of the people and organization lists: each group of look-alike records,
 * a link to each, and merging two of them. Each opening asks the server afresh.
 */
export function DuplicatesDialog<R extends MergeRecord>(props: DuplicatesDialogProps<R>) {
  const { show, onHide, title } = props;
  const titleId = useId();
  const [pair, setPair] = useState<[DuplicateMemberView, DuplicateMemberView] | null>(null);
  return (
    <>
      <Modal show={show && !pair} onHide={onHide} size="lg" scrollable aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={titleId}>
            {title}
          </Modal.Title>
        </Modal.Header>
        {show && !pair && (
          <DuplicatesBody
            useGroups={props.useGroups}
            errorToastId={props.errorToastId}
            onNavigate={onHide}
            onMerge={setPair}
          />
        )}
      </Modal>
      {pair && <MergePair pair={pair} merge={props.merge} onDone={() => setPair(null)} />}
    </>
  );
}

function MergePair<R extends MergeRecord>({
  pair,
  merge: { useRecord, useMerge, ...words },
  onDone,
}: {
  pair: [DuplicateMemberView, DuplicateMemberView];
  merge: DuplicatesMerge<R>;
  onDone: () => void;
}) {
  const first = useRecord(pair[0].id);
  const second = useRecord(pair[1].id);
  const { merge: mergeRecords, busy } = useMerge();
  const records: [R, R] | null = first.data && second.data ? [first.data, second.data] : null;
  const merge = async (keepId: string, mergeId: string, fields: Record<string, MergeChoice>) => {
    try {
      const kept = await mergeRecords({ keepId, mergeId, fields });
      toast.success(`Merged into ${words.nameOf(kept)}`);
      onDone();
    } catch (error) {
      toast.error(errorText(error, 'The merge failed. Nothing was changed.'));
    }
  };
  return (
    <MergeDialog
      show
      title={words.title}
      records={records}
      nameOf={words.nameOf}
      fields={words.fields}
      valueOf={mergeFieldWords}
      whatMoves={words.whatMoves}
      busy={busy}
      onMerge={(keepId, mergeId, fields) => void merge(keepId, mergeId, fields)}
      onHide={onDone}
    />
  );
}

function DuplicatesBody({
  useGroups,
  errorToastId,
  onNavigate,
  onMerge,
}: {
  useGroups: () => DuplicateGroupsAnswer;
  errorToastId: string;
  onNavigate: () => void;
  onMerge: (pair: [DuplicateMemberView, DuplicateMemberView]) => void;
}) {
  const { groups, isFetching, isError } = useGroups();
  useErrorToast(isError, MESSAGES.duplicatesFetchFailed, errorToastId);

  if (isFetching && !groups) {
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
  return (
    <Modal.Body>
      {!groups || groups.length === 0 ? (
        <p className="text-muted mb-0">No duplicates found</p>
      ) : (
        <DuplicateGroupList groups={groups} onNavigate={onNavigate} onMerge={onMerge} />
      )}
    </Modal.Body>
  );
}
