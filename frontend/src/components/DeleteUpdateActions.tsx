import { useState } from 'react';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from './ConfirmDialog';

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
        <Button
          variant="outline-danger"
          onClick={() => setConfirmDelete(true)}
          disabled={saving || deleting}
        >
          Delete
        </Button>
        {children}
        <Button type="submit" disabled={saving || deleting}>
          {saving ? 'Updating...' : 'Update'}
        </Button>
      </div>
      <ConfirmDialog
        show={confirmDelete}
        title={deleteTitle}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      />
    </>
  );
}
