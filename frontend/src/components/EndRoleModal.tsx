import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { todayInDublin } from '@registra/domain';
import { DateField } from './DateField';
import { datesProblem } from './EditRolesModal';
import { ModalTitle, SubmitFooter } from './ModalParts';

export interface EndRoleModalProps {
  show: boolean;
  /** Whose role ends, in words ("Siobhán Kelly"). */
  name: string;
  /** The role's start, when recorded: the end cannot come before it. */
  appointedOn?: string | null;
  onSave: (value: { ceasedOn: string; alreadyFiled: boolean }) => void;
  onHide: () => void;
  busy?: boolean;
}

/**
 * "End role": asks the day the person ceased (today unless told) and whether the CRO already has
 * the change. The link stays, with its ceased date: the registers keep the history.
 */
export function EndRoleModal({ show, onHide, busy = false, ...props }: EndRoleModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={busy ? undefined : onHide} centered aria-labelledby={titleId}>
      {show && <EndRoleForm titleId={titleId} onHide={onHide} busy={busy} {...props} />}
    </Modal>
  );
}

function EndRoleForm({
  titleId,
  name,
  appointedOn,
  onSave,
  onHide,
  busy = false,
}: Omit<EndRoleModalProps, 'show'> & { titleId: string }) {
  const id = useId();
  const [ceasedOn, setCeasedOn] = useState(todayInDublin());
  const [alreadyFiled, setAlreadyFiled] = useState(false);
  const problem = datesProblem(appointedOn ?? '', ceasedOn);
  const whyDisabled = !ceasedOn ? 'Give the date the role ended.' : problem;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!whyDisabled) onSave({ ceasedOn, alreadyFiled });
      }}
    >
      <ModalTitle id={titleId} locked={busy}>
        End role
      </ModalTitle>
      <Modal.Body>
        <p>{name} becomes a former member on this date; the registers keep the history.</p>
        <Form.Group>
          <Form.Label htmlFor={`${id}-ceased`}>Ceased on</Form.Label>
          <DateField
            id={`${id}-ceased`}
            label="Ceased on"
            value={ceasedOn}
            required
            disabled={busy}
            isInvalid={Boolean(problem)}
            onChange={setCeasedOn}
          />
          {problem && <div className="invalid-feedback d-block">{problem}</div>}
        </Form.Group>
        <Form.Check
          className="mt-3"
          id={`${id}-filed`}
          type="checkbox"
          label="Already filed with the CRO (no follow-up is started)"
          checked={alreadyFiled}
          disabled={busy}
          onChange={(event) => setAlreadyFiled(event.target.checked)}
        />
      </Modal.Body>
      <SubmitFooter
        onCancel={onHide}
        locked={busy}
        whyDisabled={whyDisabled}
        label="End role"
        busyLabel="Saving..."
      />
    </form>
  );
}
