import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import toast from 'react-hot-toast';
import { ErrorCode, formatDate, MESSAGES, shareEntryError, todayInDublin } from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/DataTable';
import { AlreadyFiledCheck, LabelledDate } from '../../../components/DialogFields';
import { DialogForm } from '../../../components/ModalParts';
import {
  useCreateShareClassMutation,
  useCreateShareEntryMutation,
  useDeleteShareClassMutation,
  useShareClassesQuery,
  useShareEntriesQuery,
} from '../registersApi';
import { holdingsOf, sharesHeld } from '../shareholding';
import type { ShareClass, ShareEntry, ShareEntryKind, ShareEntryRequest } from '../types';

/** The people an entry may name: the organization's members, current and former. */
export interface MemberOption {
  peopleId: string;
  name: string;
}

const numberText = (value: number) => value.toLocaleString('en-IE');

/** "€1.00", or the value and its code for a currency the browser cannot name. */
export function nominalText(shareClass: Pick<ShareClass, 'nominalValue' | 'currency'>): string {
  const value = shareClass.nominalValue;
  try {
    return new Intl.NumberFormat('en-IE', {
      style: 'currency',
      currency: shareClass.currency,
      maximumFractionDigits: 6,
    }).format(value);
  } catch {
    return `${String(shareClass.nominalValue)} ${shareClass.currency}`;
  }
}

/** The class's name, or its id when it is gone (a deleted class still named by old entries). */
const className = (classes: readonly ShareClass[], id: string) =>
  classes.find((shareClass) => shareClass._id === id)?.name ?? id;

/**
 * The organization's share capital: its classes (added, and deleted while none is held) and the
 * dated entries (allotments and transfers) from which every holding follows.
 */
export function ShareCapital({
  organizationId,
  members,
}: {
  organizationId: string;
  members: readonly MemberOption[];
}) {
  const classes = useShareClassesQuery(organizationId);
  const entries = useShareEntriesQuery(organizationId);
  const [adding, setAdding] = useState(false);
  const [entryKind, setEntryKind] = useState<ShareEntryKind | null>(null);
  const [deleting, setDeleting] = useState<ShareClass | null>(null);
  const [deleteShareClass, { isLoading: deletingBusy }] = useDeleteShareClassMutation();

  const nameOf = (peopleId: string | null | undefined) =>
    members.find((member) => member.peopleId === peopleId)?.name ?? peopleId ?? '';
  const issued = (classId: string) =>
    holdingsOf((entries.data ?? []).filter((entry) => entry.shareClassId === classId)).issued;

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteShareClass({ organizationId, classId: deleting._id }).unwrap();
      toast.success(MESSAGES.deleted);
    } catch (error) {
      // 409: shares of the class are still held; the register would lose them.
      toast.error(
        isApiError(error) && error.code === ErrorCode.SHARE_CLASS_HELD
          ? `Shares of ${deleting.name} are still held: the class cannot be deleted while members hold it.`
          : errorText(error, MESSAGES.anErrorOccurred, 'code'),
      );
    } finally {
      setDeleting(null);
    }
  };

  const entryColumns: DataColumn<ShareEntry>[] = [
    { label: 'Date', cell: (entry) => formatDate(entry.date) },
    { label: 'Entry', cell: (entry) => (entry.kind === 'allotment' ? 'Allotment' : 'Transfer') },
    { label: 'Class', cell: (entry) => className(classes.data ?? [], entry.shareClassId) },
    {
      label: 'Shares',
      className: 'text-end',
      headerClassName: 'text-end',
      cell: (entry) => numberText(entry.shares),
    },
    { label: 'From', cell: (entry) => (entry.fromPeopleId ? nameOf(entry.fromPeopleId) : '—') },
    { label: 'To', cell: (entry) => nameOf(entry.toPeopleId) },
  ];
  const hasClasses = (classes.data ?? []).length > 0;

  return (
    <Card as="section" aria-labelledby="share-capital" className="mb-3">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 id="share-capital" className="h6 mb-0 me-auto">
          Share capital
        </h2>
        <Button size="sm" variant="outline-primary" onClick={() => setAdding(true)}>
          Add share class
        </Button>
        {ENTRY_BUTTONS.map(([kind, words]) => (
          <Button
            key={kind}
            size="sm"
            variant="outline-primary"
            disabled={!hasClasses}
            title={hasClasses ? undefined : 'Add a share class first'}
            onClick={() => setEntryKind(kind)}
          >
            {words}
          </Button>
        ))}
      </Card.Header>
      <Card.Body>
        {classes.isError && (
          <p className="text-danger">{errorText(classes.error, MESSAGES.error, 'code')}</p>
        )}
        {classes.data && classes.data.length === 0 && (
          <p className="text-muted">No share class yet.</p>
        )}
        {hasClasses && (
          <ul className="list-group mb-3" aria-label="Share classes">
            {(classes.data ?? []).map((shareClass) => (
              <li
                key={shareClass._id}
                className="list-group-item d-flex flex-wrap align-items-center gap-2"
              >
                <span className="me-auto" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <strong>{shareClass.name}</strong> · {nominalText(shareClass)} each ·{' '}
                  {numberText(issued(shareClass._id))} issued
                </span>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Delete ${shareClass.name}`}
                  onClick={() => setDeleting(shareClass)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
        {hasClasses && (
          <DataTable<ShareEntry>
            label="Share entries"
            columns={entryColumns}
            rows={entries.data}
            loading={entries.isFetching}
            error={entries.isError ? errorText(entries.error, MESSAGES.error, 'code') : null}
            empty="No allotment or transfer yet."
            size="sm"
            className="mb-0"
            card={(entry) => ({
              id: entry._id,
              title: `${entry.kind === 'allotment' ? 'Allotment' : 'Transfer'} of ${numberText(entry.shares)} ${className(classes.data ?? [], entry.shareClassId)}`,
              href: `/people/${entry.toPeopleId}/INFORMATION`,
              detail: entry.fromPeopleId
                ? `${nameOf(entry.fromPeopleId)} → ${nameOf(entry.toPeopleId)}`
                : `To ${nameOf(entry.toPeopleId)}`,
              date: { label: 'Date', value: entry.date },
            })}
          />
        )}
      </Card.Body>
      <ShareClassModal
        show={adding}
        organizationId={organizationId}
        onHide={() => setAdding(false)}
      />
      <ShareEntryModal
        kind={entryKind}
        organizationId={organizationId}
        classes={classes.data ?? []}
        entries={entries.data ?? []}
        members={members}
        onHide={() => setEntryKind(null)}
      />
      <ConfirmDialog
        show={deleting !== null}
        title="Delete share class"
        message={`Delete the class ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        busy={deletingBusy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

/** The entries the header offers, each a button opening its dialog. */
const ENTRY_BUTTONS: readonly (readonly [ShareEntryKind, string])[] = [
  ['allotment', 'Allot shares'],
  ['transfer', 'Transfer shares'],
];

/** "Add share class": its name, the nominal value of one share and the currency. */
function ShareClassModal({
  show,
  organizationId,
  onHide,
}: {
  show: boolean;
  organizationId: string;
  onHide: () => void;
}) {
  const titleId = useId();
  const [createShareClass, { isLoading }] = useCreateShareClassMutation();
  return (
    <Modal show={show} onHide={isLoading ? undefined : onHide} centered aria-labelledby={titleId}>
      {show && (
        <ShareClassForm
          titleId={titleId}
          busy={isLoading}
          onHide={onHide}
          onSave={async (value) => {
            try {
              await createShareClass({ organizationId, ...value }).unwrap();
              toast.success(MESSAGES.created);
              onHide();
            } catch (error) {
              toast.error(errorText(error, MESSAGES.anErrorOccurred));
            }
          }}
        />
      )}
    </Modal>
  );
}

function ShareClassForm({
  titleId,
  busy,
  onHide,
  onSave,
}: {
  titleId: string;
  busy: boolean;
  onHide: () => void;
  onSave: (value: { name: string; nominalValue: number; currency: string }) => Promise<void>;
}) {
  const id = useId();
  const [name, setName] = useState('Ordinary');
  const [nominal, setNominal] = useState('1');
  const [currency, setCurrency] = useState('EUR');
  const nominalValue = Number(nominal);
  const whyDisabled = !name.trim()
    ? 'Give the class a name.'
    : nominal.trim() === '' || !Number.isFinite(nominalValue) || nominalValue <= 0
      ? 'The nominal value is a positive amount.'
      : !/^[A-Z]{3}$/.test(currency)
        ? 'The currency is a three-letter code (EUR).'
        : '';
  return (
    <DialogForm
      titleId={titleId}
      title="Add share class"
      busy={busy}
      whyDisabled={whyDisabled}
      label="Add"
      onSubmit={() => void onSave({ name: name.trim(), nominalValue, currency })}
      onHide={onHide}
    >
      <Form.Group controlId={`${id}-name`} className="mb-3">
        <Form.Label>Class</Form.Label>
        <Form.Control value={name} disabled={busy} onChange={(e) => setName(e.target.value)} />
      </Form.Group>
      <div className="row g-2">
        <Form.Group controlId={`${id}-nominal`} className="col-7">
          <Form.Label>Nominal value</Form.Label>
          <Form.Control
            type="number"
            min="0"
            step="any"
            value={nominal}
            disabled={busy}
            onChange={(e) => setNominal(e.target.value)}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-currency`} className="col-5">
          <Form.Label>Currency</Form.Label>
          <Form.Control
            value={currency}
            maxLength={3}
            disabled={busy}
            onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          />
        </Form.Group>
      </div>
    </DialogForm>
  );
}

/** "Allot shares" or "Transfer shares": the date, the class, the number and the members. */
function ShareEntryModal({
  kind,
  organizationId,
  classes,
  entries,
  members,
  onHide,
}: {
  kind: ShareEntryKind | null;
  organizationId: string;
  classes: readonly ShareClass[];
  entries: readonly ShareEntry[];
  members: readonly MemberOption[];
  onHide: () => void;
}) {
  const titleId = useId();
  const [createShareEntry, { isLoading }] = useCreateShareEntryMutation();
  const [failure, setFailure] = useState('');
  const hide = () => {
    setFailure('');
    onHide();
  };
  return (
    <Modal
      show={kind !== null}
      onHide={isLoading ? undefined : hide}
      centered
      aria-labelledby={titleId}
    >
      {kind && (
        <ShareEntryForm
          titleId={titleId}
          kind={kind}
          classes={classes}
          entries={entries}
          members={members}
          busy={isLoading}
          failure={failure}
          onHide={hide}
          onSave={async (value) => {
            setFailure('');
            try {
              await createShareEntry({ organizationId, ...value }).unwrap();
              toast.success(kind === 'allotment' ? 'Shares allotted.' : 'Shares transferred.');
              hide();
            } catch (error) {
              // A transfer of more than is held is refused with the server's words: said here,
              // beside the numbers to correct.
              setFailure(errorText(error, MESSAGES.anErrorOccurred));
            }
          }}
        />
      )}
    </Modal>
  );
}

function ShareEntryForm({
  titleId,
  kind,
  classes,
  entries,
  members,
  busy,
  failure,
  onHide,
  onSave,
}: {
  titleId: string;
  kind: ShareEntryKind;
  classes: readonly ShareClass[];
  entries: readonly ShareEntry[];
  members: readonly MemberOption[];
  busy: boolean;
  failure: string;
  onHide: () => void;
  onSave: (value: ShareEntryRequest) => Promise<void>;
}) {
  const id = useId();
  const transfer = kind === 'transfer';
  const [date, setDate] = useState(todayInDublin());
  const [shareClassId, setShareClassId] = useState(classes[0]?._id ?? '');
  const [sharesText, setSharesText] = useState('');
  const [fromPeopleId, setFromPeopleId] = useState('');
  const [toPeopleId, setToPeopleId] = useState('');
  const [alreadyFiled, setAlreadyFiled] = useState(false);
  const shares = Number(sharesText);
  const held = transfer && fromPeopleId ? sharesHeld(entries, shareClassId, fromPeopleId, date) : 0;
  const fromName = members.find((member) => member.peopleId === fromPeopleId)?.name ?? '';
  const tooMany = transfer && fromPeopleId !== '' && Number.isInteger(shares) && shares > held;
  // Held on the day but not later: a backdated transfer must not empty a later one (the
  // domain's rule, the server's too).
  const laterShortfall =
    transfer && !tooMany && fromPeopleId && toPeopleId && fromPeopleId !== toPeopleId && shares > 0
      ? shareEntryError(entries, { kind, date, shareClassId, shares, toPeopleId, fromPeopleId })
      : null;

  const whyDisabled = !date
    ? 'Give the date.'
    : !shareClassId
      ? 'Choose the class.'
      : !Number.isInteger(shares) || shares <= 0
        ? 'The number of shares is a whole number above 0.'
        : transfer && !fromPeopleId
          ? 'Choose the member the shares leave.'
          : !toPeopleId
            ? 'Choose the member who receives them.'
            : transfer && fromPeopleId === toPeopleId
              ? 'A transfer goes from one member to another.'
              : tooMany
                ? `${fromName} holds ${numberText(held)} of these shares on that date.`
                : (laterShortfall ?? '');

  return (
    <DialogForm
      titleId={titleId}
      title={transfer ? 'Transfer shares' : 'Allot shares'}
      busy={busy}
      whyDisabled={whyDisabled}
      label={transfer ? 'Transfer' : 'Allot'}
      onSubmit={() =>
        void onSave({
          kind,
          date,
          shareClassId,
          shares,
          toPeopleId,
          ...(transfer ? { fromPeopleId } : {}),
          ...(!transfer && alreadyFiled ? { alreadyFiled: true } : {}),
        })
      }
      onHide={onHide}
    >
      {failure && (
        <Alert variant="danger" data-testid="share-entry-failure">
          {failure}
        </Alert>
      )}
      <div className="row g-2">
        <LabelledDate
          className="col-sm-6"
          id={`${id}-date`}
          label="Date"
          value={date}
          required
          disabled={busy}
          onChange={setDate}
        />
        <Form.Group controlId={`${id}-class`} className="col-sm-6">
          <Form.Label>Class</Form.Label>
          <Form.Select
            value={shareClassId}
            disabled={busy}
            onChange={(e) => setShareClassId(e.target.value)}
          >
            {classes.map((shareClass) => (
              <option key={shareClass._id} value={shareClass._id}>
                {shareClass.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <Form.Group controlId={`${id}-shares`} className="mt-2">
        <Form.Label>Number of shares</Form.Label>
        <Form.Control
          type="number"
          min="1"
          step="1"
          value={sharesText}
          disabled={busy}
          isInvalid={tooMany}
          onChange={(e) => setSharesText(e.target.value)}
        />
        {laterShortfall && <Form.Text className="text-danger">{laterShortfall}</Form.Text>}
        {tooMany && (
          <Form.Control.Feedback type="invalid">
            {fromName} holds {numberText(held)} of these shares on that date: a transfer cannot move
            more.
          </Form.Control.Feedback>
        )}
      </Form.Group>
      {transfer && (
        <MemberSelect
          id={`${id}-from`}
          label="From"
          members={members}
          value={fromPeopleId}
          disabled={busy}
          onChange={setFromPeopleId}
        />
      )}
      <MemberSelect
        id={`${id}-to`}
        label="To"
        members={members}
        value={toPeopleId}
        disabled={busy}
        onChange={setToPeopleId}
      />
      {!transfer && (
        <AlreadyFiledCheck
          id={`${id}-filed`}
          followUp="B5 follow-up"
          checked={alreadyFiled}
          disabled={busy}
          onChange={setAlreadyFiled}
        />
      )}
    </DialogForm>
  );
}

/** A member to choose, "From" or "To" of a share entry. */
function MemberSelect({
  id,
  label,
  members,
  value,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  members: readonly MemberOption[];
  value: string;
  disabled: boolean;
  onChange: (peopleId: string) => void;
}) {
  return (
    <Form.Group controlId={id} className="mt-2">
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a member</option>
        {members.map((member) => (
          <option key={member.peopleId} value={member.peopleId}>
            {member.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
