import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/** A form dialog's title (the dialog's name), closable unless it is saving. */
export function ModalTitle({
  id,
  locked,
  children,
}: {
  id: string;
  locked: boolean;
  children: ReactNode;
}) {
  return (
    <Modal.Header closeButton={!locked}>
      <Modal.Title as="h2" className="h5" id={id}>
        {children}
      </Modal.Title>
    </Modal.Header>
  );
}

/** A form dialog's Cancel and submit buttons; the submit says `busyLabel` while it saves. */
export function SubmitFooter({
  onCancel,
  locked,
  disabled,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  locked: boolean;
  /** The form cannot be sent yet (a required field is empty). */
  disabled: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Modal.Footer>
      <Button variant="secondary" onClick={onCancel} disabled={locked}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" disabled={locked || disabled}>
        {locked ? busyLabel : label}
      </Button>
    </Modal.Footer>
  );
}
