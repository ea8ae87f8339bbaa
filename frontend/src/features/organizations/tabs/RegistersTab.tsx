import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import {
  formatDate,
  MESSAGES,
  REGISTER_KINDS,
  REGISTER_TITLES,
  todayInDublin,
} from '@registra/domain';
import type { RegisterPerson } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { savedWords, useFileTransfers } from '../../../lib/files';
import { DataTable } from '../../../components/DataTable';
import type { RecordCardView } from '../../../components/RecordCards';
import type { DataColumn } from '../../../components/DataTable';
import { DateField } from '../../../components/DateField';
import { ReasonButton } from '../../../components/ReasonButton';
import { roleLabel } from '../../../components/RolesFields';
import { useLazyAnnualReturnQuery, useRegisterQuery } from '../registersApi';
import type {
  AnnualReturnParticulars,
  BeneficialOwnerRegisterEntry,
  Member,
  MemberRegisterEntry,
  OfficerRegisterEntry,
  Organization,
  RegisterEntry,
  RegisterKind,
} from '../types';
import { ShareCapital } from './ShareCapital';
import type { MemberOption } from './ShareCapital';

const dateOrDash = (value: string | null | undefined) => (value ? formatDate(value) : '—');
const numberText = (value: number) => value.toLocaleString('en-IE');

const personName = (entry: RegisterPerson) => `${entry.firstName} ${entry.lastName}`;
const name: DataColumn<RegisterEntry> = { label: 'Name', cell: personName };

/** The columns of each register, as the Act lists them (the PDF has them all). */
const COLUMNS: Record<RegisterKind, DataColumn<RegisterEntry>[]> = {
  'directors-secretaries': [
    name,
    { label: 'Office', cell: (entry) => roleLabel((entry as OfficerRegisterEntry).role) },
    {
      label: 'Appointed',
      cell: (entry) => dateOrDash((entry as OfficerRegisterEntry).appointedOn),
    },
    { label: 'Ceased', cell: (entry) => dateOrDash(entry.ceasedOn) },
  ],
  members: [
    name,
    { label: 'Class', cell: (entry) => (entry as MemberRegisterEntry).shareClassName ?? '—' },
    {
      label: 'Shares',
      className: 'text-end',
      headerClassName: 'text-end',
      cell: (entry) => numberText((entry as MemberRegisterEntry).shares),
    },
    { label: 'Entered', cell: (entry) => dateOrDash((entry as MemberRegisterEntry).enteredOn) },
    { label: 'Ceased', cell: (entry) => dateOrDash(entry.ceasedOn) },
  ],
  'beneficial-owners': [
    name,
    {
      label: 'Nature and extent of the interest',
      cell: (entry) => (entry as BeneficialOwnerRegisterEntry).interest,
    },
    {
      label: 'Became',
      cell: (entry) => dateOrDash((entry as BeneficialOwnerRegisterEntry).becameOn),
    },
    { label: 'Ceased', cell: (entry) => dateOrDash(entry.ceasedOn) },
  ],
};

/** An entry on a phone: who, and the particular that matters most in that register. */
function entryCard(kind: RegisterKind, entry: RegisterEntry, index: number): RecordCardView {
  const since =
    kind === 'directors-secretaries'
      ? (entry as OfficerRegisterEntry).appointedOn
      : kind === 'members'
        ? (entry as MemberRegisterEntry).enteredOn
        : (entry as BeneficialOwnerRegisterEntry).becameOn;
  const detail =
    kind === 'directors-secretaries'
      ? roleLabel((entry as OfficerRegisterEntry).role)
      : kind === 'members'
        ? `${numberText((entry as MemberRegisterEntry).shares)} ${(entry as MemberRegisterEntry).shareClassName ?? ''}`.trim()
        : (entry as BeneficialOwnerRegisterEntry).interest;
  return {
    id: `${entry.peopleId}-${index}`,
    title: personName(entry),
    href: `/people/${entry.peopleId}/INFORMATION`,
    detail,
    date: entry.ceasedOn
      ? { label: 'Ceased', value: entry.ceasedOn }
      : { label: 'Since', value: since },
  };
}

/** One register as of a day: its table (cards on a phone) and its PDF and CSV. */
function RegisterSection({
  organizationId,
  kind,
  asOf,
}: {
  organizationId: string;
  kind: RegisterKind;
  asOf: string;
}) {
  const headingId = useId();
  const { data, isFetching, isError, error } = useRegisterQuery({ organizationId, kind, asOf });
  const transfers = useFileTransfers();
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      toast.success(
        savedWords(
          await transfers.download(`/organization/${organizationId}/registers/${kind}`, {
            asOf,
            format,
          }),
        ),
      );
    } catch (failure) {
      toast.error(errorText(failure, 'The register could not be downloaded.', 'code'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      className="mb-3"
      data-testid={`register-${kind}`}
    >
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h3 id={headingId} className="h6 mb-0 me-auto">
          {REGISTER_TITLES[kind]}
        </h3>
        <ReasonButton
          size="sm"
          variant="outline-secondary"
          whyDisabled={busy !== null && 'Downloading…'}
          onClick={() => void download('pdf')}
          aria-label={`${REGISTER_TITLES[kind]}: download PDF`}
        >
          PDF
        </ReasonButton>
        <ReasonButton
          size="sm"
          variant="outline-secondary"
          whyDisabled={busy !== null && 'Downloading…'}
          onClick={() => void download('csv')}
          aria-label={`${REGISTER_TITLES[kind]}: download CSV`}
        >
          CSV
        </ReasonButton>
      </Card.Header>
      <Card.Body>
        <DataTable<RegisterEntry>
          label={REGISTER_TITLES[kind]}
          columns={COLUMNS[kind]}
          rows={data?.entries}
          rowKey={(entry, index) => `${entry.peopleId}-${index}`}
          loading={isFetching}
          error={isError ? errorText(error, MESSAGES.error, 'code') : null}
          empty={`No entry as of ${formatDate(asOf)}.`}
          size="sm"
          className="mb-0"
          card={(entry, index) => entryCard(kind, entry, index)}
        />
      </Card.Body>
    </Card>
  );
}

/**
 * "B1 particulars as at {ARD}": the check of what the annual return lacks, and its PDF, which
 * staff key into CORE from.
 */
function AnnualReturnSection({ organization }: { organization: Organization }) {
  const headingId = useId();
  const ardId = useId();
  const [ard, setArd] = useState(
    organization.nextArReminder ?? organization.firstAr ?? todayInDublin(),
  );
  const [check, { isFetching }] = useLazyAnnualReturnQuery();
  const [result, setResult] = useState<AnnualReturnParticulars | null>(null);
  const [failure, setFailure] = useState('');
  const transfers = useFileTransfers();
  const [downloading, setDownloading] = useState(false);

  const run = async () => {
    setFailure('');
    setDownloading(true);
    try {
      setResult(await check({ organizationId: organization._id, ard }).unwrap());
      toast.success(
        savedWords(
          await transfers.download(`/organization/${organization._id}/annual-return`, {
            ard,
            format: 'pdf',
          }),
        ),
      );
    } catch (error) {
      setResult(null);
      setFailure(errorText(error, 'The particulars could not be prepared.', 'code'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card as="section" aria-labelledby={headingId} className="mb-3">
      <Card.Header>
        <h2 id={headingId} className="h6 mb-0">
          Annual return (B1)
        </h2>
      </Card.Header>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-end gap-2">
          <Form.Group style={{ maxWidth: '14rem' }}>
            <Form.Label htmlFor={ardId}>Annual return date</Form.Label>
            <DateField id={ardId} label="Annual return date" value={ard} onChange={setArd} />
          </Form.Group>
          <ReasonButton
            variant="primary"
            whyDisabled={!ard ? 'Give the annual return date.' : downloading && 'Preparing…'}
            onClick={() => void run()}
          >
            {(downloading || isFetching) && (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            )}
            B1 particulars as at {ard ? formatDate(ard) : '…'}
          </ReasonButton>
        </div>
        {failure && (
          <Alert variant="danger" className="mt-3 mb-0">
            {failure}
          </Alert>
        )}
        {result && (
          <div className="mt-3" data-testid="annual-return-check">
            <p className="mb-2">
              ARD {formatDate(result.ard)} · to be filed by {formatDate(result.filingDeadline)}
            </p>
            {result.missing.length === 0 ? (
              <Alert variant="success" className="mb-0">
                Nothing is missing from the particulars.
              </Alert>
            ) : (
              <Alert variant="warning" className="mb-0">
                <p className="mb-1">Missing before the return can be filed:</p>
                <ul className="mb-0">
                  {result.missing.map((item, index) => (
                    <li key={index}>{item}</li>
                  ))}
                </ul>
              </Alert>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

export interface RegistersTabProps {
  organization: Organization;
  members: Member[] | undefined;
}

/**
 * The company secretary's tab: the share capital, the three statutory registers as of a day
 * (today unless chosen; a past day shows who held office then) and the annual return's
 * particulars.
 */
export function RegistersTab({ organization, members }: RegistersTabProps) {
  const asOfId = useId();
  const [asOf, setAsOf] = useState(todayInDublin());
  const options: MemberOption[] = (members ?? []).map((member) => ({
    peopleId: member.peopleId._id,
    name: `${member.peopleId.firstName} ${member.peopleId.lastName}`,
  }));
  return (
    <>
      <ShareCapital organizationId={organization._id} members={options} />
      <section aria-labelledby={`${asOfId}-heading`} className="mb-3">
        <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
          <h2 id={`${asOfId}-heading`} className="h6 mb-0 me-auto align-self-center">
            Registers
          </h2>
          <Form.Group style={{ maxWidth: '14rem' }}>
            <Form.Label htmlFor={asOfId} className="small mb-1">
              As of
            </Form.Label>
            {/* An emptied field goes back to today: a register is always as of a day. */}
            <DateField
              id={asOfId}
              label="As of"
              value={asOf}
              size="sm"
              onChange={(value) => setAsOf(value || todayInDublin())}
            />
          </Form.Group>
        </div>
        {REGISTER_KINDS.map((kind) => (
          <RegisterSection key={kind} organizationId={organization._id} kind={kind} asOf={asOf} />
        ))}
      </section>
      <AnnualReturnSection organization={organization} />
    </>
  );
}
