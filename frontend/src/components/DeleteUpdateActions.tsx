import { useState } from 'react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { ReasonButton } from './ReasonButton';

/**
 * The foot of a record's edit form: Delete, asked "Are you sure?" first, then Update (the form's
 * submit); `children` stand between the two. `onDelete` deletes, says so and leaves, or says why
 * not: the question closes once it has run either way.
 */
export function DeleteUpdateActions({
  deleteTitle,
  saving,
  deleting,
  onDelete,
  className,
  children,
}: {
  /** The question's title ("Delete person"). */
  deleteTitle: string;
  saving: boolean;
  deleting: boolean;
  onDelete: () => Promise<void>;
  className: string;
  children?: ReactNode;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = deleting ? 'Deleting…' : saving && 'Updating…';
  const remove = async () => {
    try {
      await onDelete();
    } finally {
      setConfirmDelete(false);
    }
  };
  return (
    <>
      <div className={className}>
        <ReasonButton
          variant="outline-danger"
          onClick={() => setConfirmDelete(true)}
          whyDisabled={busy}
        >
          Delete
        </ReasonButton>
        {children}
        <ReasonButton type="submit" whyDisabled={busy}>
          {saving ? 'Updating...' : 'Update'}
        </ReasonButton>
      </div>
      <ConfirmDialog
        show={confirmDelete}
        title={deleteTitle}
        confirmLabel="Delete"
        busy={deleting}
        busyReason="Deleting…"
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
