import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@registra/domain';
import { ModalTitle, SubmitFooter } from './ModalParts';
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
  busy = false,
}: Omit<EditRolesModalProps, 'show'> & { titleId: string }) {
  const [value, setValue] = useState<RolesValue>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isRolesValueValid(value)) onSave(toRolesPayload(value));
      }}
    >
      <ModalTitle id={titleId} locked={busy}>
        Edit Roles
      </ModalTitle>
      <Modal.Body>
        <RolesFields value={value} onChange={setValue} disabled={busy} />
      </Modal.Body>
      <SubmitFooter
        onCancel={onHide}
        locked={busy}
        whyDisabled={!isRolesValueValid(value) && MESSAGES.beneficiaryOutOfRange}
        label="Save"
        busyLabel="Saving..."
      />
    </form>
  );
}
