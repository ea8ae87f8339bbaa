import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@registra/domain';
import type { LinkParticulars, LinkWriteExtras } from '../types/records';
import { AlreadyFiledCheck, LabelledDate } from './DialogFields';
import { DialogForm } from './ModalParts';
import { isRolesValueValid, isShareholder, RolesFields, toRolesPayload } from './RolesFields';
import type { RolesValue } from './RolesFields';

/** What the dialog saves: the roles and, when it edits them, the register's particulars. */
export type LinkEdit = RolesValue & LinkWriteExtras;

export interface EditRolesModalProps {
  show: boolean;
  /** The link's current roles; the form starts from them each time the modal opens. */
  initial: RolesValue;
  /**
   * The link's register particulars (an organization's Members tab): the dialog then edits the
   * appointed and ceased dates, the beneficial interest, and offers "already filed".
   */
  particulars?: LinkParticulars;
  /** Receives the API-ready value (percentage 0 unless shareholder). */
  onSave: (value: LinkEdit) => void;
  onHide: () => void;
  busy?: boolean;
}

/** Words for dates that cannot both be true; '' when they can. */
export function datesProblem(appointedOn: string, ceasedOn: string): string {
  return appointedOn && ceasedOn && ceasedOn < appointedOn
    ? 'The role cannot end before it began.'
    : '';
}

/** "Edit Roles" of a person–organization link. */
export function EditRolesModal({
  show,
  initial,
  particulars,
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
          particulars={particulars}
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
  particulars,
  onSave,
  onHide,
  busy = false,
}: Omit<EditRolesModalProps, 'show'> & { titleId: string }) {
  const id = useId();
  const [value, setValue] = useState<RolesValue>(initial);
  const [appointedOn, setAppointedOn] = useState(particulars?.appointedOn ?? '');
  const [ceasedOn, setCeasedOn] = useState(particulars?.ceasedOn ?? '');
  const [interest, setInterest] = useState(particulars?.beneficialInterest ?? '');
  const [alreadyFiled, setAlreadyFiled] = useState(false);
  const problem = particulars ? datesProblem(appointedOn, ceasedOn) : '';
  const whyDisabled = !isRolesValueValid(value) ? MESSAGES.beneficiaryOutOfRange : problem;

  const submit = () => {
    if (whyDisabled) return;
    const roles = toRolesPayload(value);
    if (!particulars) {
      onSave(roles);
      return;
    }
    onSave({
      ...roles,
      appointedOn: appointedOn || null,
      ceasedOn: ceasedOn || null,
      // The interest is a beneficial owner's particular: it goes with the shareholder role.
      beneficialInterest: isShareholder(value) && interest.trim() ? interest.trim() : null,
      ...(alreadyFiled ? { alreadyFiled: true } : {}),
    });
  };

  return (
    <DialogForm
      titleId={titleId}
      title="Edit Roles"
      busy={busy}
      whyDisabled={whyDisabled}
      label="Save"
      onSubmit={submit}
      onHide={onHide}
    >
      <RolesFields value={value} onChange={setValue} disabled={busy} />
      {particulars && (
        <>
          {isShareholder(value) && (
            <Form.Group className="mt-3" controlId={`${id}-interest`}>
              <Form.Label>Beneficial interest</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={interest}
                disabled={busy}
                placeholder="Nature and extent of the interest"
                onChange={(event) => setInterest(event.target.value)}
              />
            </Form.Group>
          )}
          <div className="row g-2 mt-2">
            <LabelledDate
              className="col-sm-6"
              id={`${id}-appointed`}
              label="Appointed on"
              value={appointedOn}
              disabled={busy}
              onChange={setAppointedOn}
            >
              {!appointedOn && <Form.Text>Not recorded</Form.Text>}
            </LabelledDate>
            <LabelledDate
              className="col-sm-6"
              id={`${id}-ceased`}
              label="Ceased on"
              value={ceasedOn}
              disabled={busy}
              problem={problem}
              onChange={setCeasedOn}
            />
          </div>
          <AlreadyFiledCheck
            id={`${id}-filed`}
            checked={alreadyFiled}
            disabled={busy}
            onChange={setAlreadyFiled}
          />
        </>
      )}
    </DialogForm>
  );
}
