import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { todayInDublin } from '@registra/domain';
import { AlreadyFiledCheck, LabelledDate } from './DialogFields';
import { datesProblem } from './EditRolesModal';
import { DialogForm } from './ModalParts';

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
    <DialogForm
      titleId={titleId}
      title="End role"
      busy={busy}
      whyDisabled={whyDisabled}
      label="End role"
      onSubmit={() => onSave({ ceasedOn, alreadyFiled })}
      onHide={onHide}
    >
      <p>{name} becomes a former member on this date; the registers keep the history.</p>
      <LabelledDate
        id={`${id}-ceased`}
        label="Ceased on"
        value={ceasedOn}
        required
        disabled={busy}
        problem={problem}
        onChange={setCeasedOn}
      />
      <AlreadyFiledCheck
        id={`${id}-filed`}
        checked={alreadyFiled}
        disabled={busy}
        onChange={setAlreadyFiled}
      />
    </DialogForm>
  );
}
