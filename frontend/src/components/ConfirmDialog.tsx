import { useId } from 'react';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@registra/domain';

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
  /** The confirm button waits (what it confirms is still loading). */
  confirmDisabled?: boolean;
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
  confirmDisabled = false,
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
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy || confirmDisabled}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
