import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ReasonButton } from './ReasonButton';

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

/**
 * A form dialog's Cancel and submit buttons; the submit says `busyLabel` while it saves, and
 * either says why it waits.
 */
export function SubmitFooter({
  onCancel,
  locked,
  whyDisabled,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  locked: boolean;
  /** Why the form cannot be sent yet ("Name is required"); nothing when it can. */
  whyDisabled: string | false | null | undefined;
  label: string;
  busyLabel: string;
}) {
  return (
    <Modal.Footer>
      <ReasonButton variant="secondary" onClick={onCancel} whyDisabled={locked && busyLabel}>
        Cancel
      </ReasonButton>
      <ReasonButton type="submit" variant="primary" whyDisabled={locked ? busyLabel : whyDisabled}>
        {locked ? busyLabel : label}
      </ReasonButton>
    </Modal.Footer>
  );
}

/**
 * A form dialog's whole frame: its title, its fields and its footer. The form is sent (Enter or
 * the submit button) only when nothing says why it cannot be.
 */
export function DialogForm({
  titleId,
  title,
  busy,
  whyDisabled,
  label,
  busyLabel = 'Saving...',
  onSubmit,
  onHide,
  children,
}: {
  titleId: string;
  title: ReactNode;
  busy: boolean;
  whyDisabled: string | false | null | undefined;
  label: string;
  busyLabel?: string;
  onSubmit: () => void;
  onHide: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!whyDisabled) onSubmit();
      }}
    >
      <ModalTitle id={titleId} locked={busy}>
        {title}
      </ModalTitle>
      <Modal.Body>{children}</Modal.Body>
      <SubmitFooter
        onCancel={onHide}
        locked={busy}
        whyDisabled={whyDisabled}
        label={label}
        busyLabel={busyLabel}
      />
    </form>
  );
}
