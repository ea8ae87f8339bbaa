import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { isRolesValueValid, RolesFields, toRolesPayload } from './RolesFields';
import type { RolesValue } from './RolesFields';

export interface EditRolesModalProps {
  show: boolean;
  /** The link's current roles; the form starts from them each time the modal opens. */
  initial: RolesValue;
  /** Receives the API-ready value (percentage 0 unless shareholder). */
  onSave: (value: RolesValue) => void;
  onHide: () => void;
  busy?: boolean;
}

/** "Edit Roles" of a person–organization link. */
export function EditRolesModal({
  show,
  initial,
  onSave,
  onHide,
  busy = false,
}: EditRolesModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={busy ? undefined : onHide} centered aria-labelledby={titleId}>
      {/* Mounted only while shown, so each opening starts from `initial`. */}
      {show && (
        <EditRolesForm
          titleId={titleId}
          initial={initial}
          onSave={onSave}
          onHide={onHide}
          busy={busy}
        />
      )}
    </Modal>
  );
}

function EditRolesForm({
  titleId,
  initial,
  onSave,
  onHide,
  busy,
}: Omit<EditRolesModalProps, 'show'> & { titleId: string }) {
  const [value, setValue] = useState<RolesValue>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isRolesValueValid(value)) onSave(toRolesPayload(value));
      }}
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          Edit Roles
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <RolesFields value={value} onChange={setValue} disabled={busy} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy || !isRolesValueValid(value)}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </Modal.Footer>
    </form>
  );
}
