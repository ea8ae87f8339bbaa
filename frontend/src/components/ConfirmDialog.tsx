import { useId } from 'react';
import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@registra/domain';
import { ReasonButton } from './ReasonButton';

export interface ConfirmDialogProps {
  show: boolean;
  title?: string;
  /** The question; deletions ask "Are you sure?" (MESSAGES.confirmDelete). */
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's colour; deletions keep the default danger. */
  confirmVariant?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons are disabled and the dialog cannot close. */
  busy?: boolean;
  /** What the buttons say while busy ("Deleting…"). */
  busyReason?: string;
  /** Why the confirm button waits (what it confirms is still loading); nothing when it does not. */
  whyConfirmWaits?: string | false | null;
}

/** A yes/no question before a destructive action (delete, unlink, leave without saving). */
export function ConfirmDialog({
  show,
  title = 'Confirm',
  message = MESSAGES.confirmDelete,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  confirmVariant = 'danger',
  onConfirm,
  onCancel,
  busy = false,
  busyReason = 'In progress…',
  whyConfirmWaits,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onCancel}
      centered
      backdrop={busy ? 'static' : true}
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <ReasonButton variant="secondary" onClick={onCancel} whyDisabled={busy && busyReason}>
          {cancelLabel}
        </ReasonButton>
        <ReasonButton
          variant={confirmVariant}
          onClick={onConfirm}
          whyDisabled={busy ? busyReason : whyConfirmWaits}
        >
          {confirmLabel}
        </ReasonButton>
      </Modal.Footer>
    </Modal>
  );
}
