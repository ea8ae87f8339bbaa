import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { formatDate, MESSAGES, todayInDublin } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { savedWords, useFileTransfers } from '../../../lib/files';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/DataTable';
import { DateField } from '../../../components/DateField';
import { ReasonButton } from '../../../components/ReasonButton';
import { roleLabel } from '../../../components/RolesFields';
import { useLazyAnnualReturnQuery, useRegisterQuery } from '../registersApi';
import type {
  AnnualReturnParticulars,
  Member,
  MissingParticular,
  Organization,
  RegisterEntry,
  RegisterKind,
} from '../types';
import { ShareCapital } from './ShareCapital';
import type { MemberOption } from './ShareCapital';

/** Each register's heading, as the Act names it. */
export const REGISTER_TITLES: Record<RegisterKind, string> = {
  'directors-secretaries': 'Register of directors and secretaries',
  members: 'Register of members',
  'beneficial-owners': 'Register of beneficial owners',
};

const dateOrDash = (value: string | null | undefined) => (value ? formatDate(value) : '—');

/** An entry's person in words: the register's own name, else the member's, else the id. */
function personName(entry: RegisterEntry, names: ReadonlyMap<string, string>): string {
  if (entry.name) return entry.name;
  const own = [entry.firstName, entry.lastName].filter(Boolean).join(' ');
  return own || names.get(entry.peopleId) || entry.peopleId;
}

const roleText = (entry: RegisterEntry) =>
  entry.roles && entry.roles.length > 0
    ? entry.roles.map(roleLabel).join(', ')
    : entry.role
      ? roleLabel(entry.role)
      : '—';

/** The columns of each register, as the Act lists them. */
function columnsOf(
  kind: RegisterKind,
  names: ReadonlyMap<string, string>,
): DataColumn<RegisterEntry>[] {
  const name: DataColumn<RegisterEntry> = {
    label: 'Name',
    cell: (entry) => personName(entry, names),
  };
  if (kind === 'directors-secretaries') {
    return [
      name,
      { label: 'Office', cell: roleText },
      { label: 'Appointed', cell: (entry) => dateOrDash(entry.appointedOn) },
      { label: 'Ceased', cell: (entry) => dateOrDash(entry.ceasedOn) },
    ];
  }
  if (kind === 'members') {
    return [
      name,
      { label: 'Class', cell: (entry) => entry.className ?? entry.shareClass ?? '—' },
      {
        label: 'Shares',
        className: 'text-end',
        headerClassName: 'text-end',
        cell: (entry) => (entry.shares ?? 0).toLocaleString('en-IE'),
      },
      {
        label: 'Entered',
        cell: (entry) => dateOrDash(entry.enteredOn ?? entry.appointedOn),
      },
      { label: 'Ceased', cell: (entry) => dateOrDash(entry.ceasedOn) },
    ];
  }
  return [
    name,
    {
      label: 'Nature and extent of the interest',
      cell: (entry) => {
        const interest = entry.beneficialInterest ?? entry.natureOfInterest;
        const percent = entry.percentage ?? entry.beneficiaryPercentage;
        return (
          [interest, percent != null ? `${percent} %` : null].filter(Boolean).join(' · ') || '—'
        );
      },
    },
    { label: 'Became', cell: (entry) => dateOrDash(entry.becameOn ?? entry.appointedOn) },
    { label: 'Ceased', cell: (entry) => dateOrDash(entry.ceasedOn) },
  ];
}

/** One register as of a day: its table (cards on a phone) and its PDF and CSV. */
function RegisterSection({
  organizationId,
  kind,
  asOf,
  names,
}: {
  organizationId: string;
  kind: RegisterKind;
  asOf: string;
  names: ReadonlyMap<string, string>;
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
          columns={columnsOf(kind, names)}
          rows={data?.entries}
          rowKey={(entry, index) => `${entry.peopleId}-${index}`}
          loading={isFetching}
          error={isError ? errorText(error, MESSAGES.error, 'code') : null}
          empty={`No entry as of ${formatDate(asOf)}.`}
          size="sm"
          className="mb-0"
          card={(entry, index) => ({
            id: `${entry.peopleId}-${index}`,
            title: personName(entry, names),
            href: `/people/${entry.peopleId}/INFORMATION`,
            detail:
              kind === 'members'
                ? `${(entry.shares ?? 0).toLocaleString('en-IE')} ${entry.className ?? entry.shareClass ?? ''}`.trim()
                : kind === 'directors-secretaries'
                  ? roleText(entry)
                  : (entry.beneficialInterest ?? entry.natureOfInterest ?? null),
            date: entry.ceasedOn
              ? { label: 'Ceased', value: entry.ceasedOn }
              : { label: 'Since', value: entry.enteredOn ?? entry.becameOn ?? entry.appointedOn },
          })}
        />
      </Card.Body>
    </Card>
  );
}

const missingText = (item: MissingParticular): string =>
  typeof item === 'string' ? item : (item.message ?? item.field ?? JSON.stringify(item));

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
                    <li key={index}>{missingText(item)}</li>
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
  const names = new Map(options.map((option) => [option.peopleId, option.name]));
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
        {(['directors-secretaries', 'members', 'beneficial-owners'] as const).map((kind) => (
          <RegisterSection
            key={kind}
            organizationId={organization._id}
            kind={kind}
            asOf={asOf}
            names={names}
          />
        ))}
      </section>
      <AnnualReturnSection organization={organization} />
    </>
  );
}
