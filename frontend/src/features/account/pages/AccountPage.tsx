import { useEffect } from 'react';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { MAIL_STATUS_LABELS, USER_ROLE_LABELS, formatDashedDate, inWords } from '@registra/domain';
import { useCurrentUser } from '../../../lib/hooks';
import { fullName } from '../../../lib/session';
import { FormattedDate } from '../../../components/FormattedDate';
import { ReasonButton } from '../../../components/ReasonButton';
import type { User } from '../../../types/api';
import { useAccountEmailsQuery } from '../api';
import { CalendarFeeds } from '../components/CalendarFeeds';
import type { SentEmail } from '../api';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/DataTable';
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { SessionsCard } from '../components/SessionsCard';
import { TwoFactorCard } from '../components/TwoFactorCard';

const mailStatus = (mail: SentEmail) => inWords(MAIL_STATUS_LABELS, mail.status);

/** The e-mails sent to the signed-in member, newest first. */
const EMAIL_COLUMNS: DataColumn<SentEmail>[] = [
  { label: 'Date', className: 'text-nowrap', cell: (mail) => formatDashedDate(mail.date) },
  { label: 'To', cell: (mail) => mail.to },
  { label: 'Subject', cell: (mail) => mail.subject },
  { label: 'Status', cell: mailStatus },
];

/** /account: "My Profile" (docs/product/staff-accounts.md). */
export function AccountPage() {
  const user = useCurrentUser();
  // Inside the signed-in area the user is always set; after logout the guard takes over.
  if (!user) return null;
  return <Profile user={user} />;
}

function Profile({ user }: { user: User }) {
  const fields: [string, ReactNode][] = [
    ['First name', user.firstName],
    ['Last name', user.lastName],
    ['E-mail', user.email],
    ['Role', <Badge bg="secondary">{USER_ROLE_LABELS[user.role]}</Badge>],
    ['Created at', <FormattedDate value={user.createdAt} />],
    ['Last login', <FormattedDate value={user.lastLoginAt} withTime empty="—" />],
  ];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">My Profile</h1>
        {/* Signing out is the account menu's Sign out, one for the whole app. */}
        <ReasonButton
          variant="outline-danger"
          whyDisabled="Accounts are not deleted: an administrator deactivates yours, and its history stays"
        >
          Delete account
        </ReasonButton>
      </div>

      <Card className="mb-4">
        <Card.Header as="h2" className="h6 mb-0">
          {fullName(user)}
        </Card.Header>
        <Card.Body>
          <Row as="dl" className="mb-0">
            {fields.map(([label, value]) => (
              <Col key={label} md={4} className="mb-3">
                <dt className="small text-muted fw-normal">{label}</dt>
                <dd className="mb-0" data-testid={`profile-${label}`}>
                  {value}
                </dd>
              </Col>
            ))}
          </Row>
        </Card.Body>
      </Card>

      <CalendarFeeds />
      <ChangePasswordCard />
      <TwoFactorCard user={user} />
      <SessionsCard />

      <SentEmails email={user.email} />
    </>
  );
}

function SentEmails({ email }: { email: string }) {
  const { data, isLoading, error } = useAccountEmailsQuery(email);

  useEffect(() => {
    // An account e-mail-load error is only logged, not shown.
    if (error) console.error('Failed to load the account e-mails', error);
  }, [error]);

  const emails = data ?? [];
  return (
    <section aria-labelledby="account-emails">
      <h2 id="account-emails" className="h5">
        My e-mails
      </h2>
      <DataTable
        label="My e-mails"
        columns={EMAIL_COLUMNS}
        rows={isLoading ? undefined : emails}
        loading={isLoading}
        rowProps={() => ({ 'data-testid': 'account-email-row' })}
        empty="No e-mails."
        size="sm"
        renderCard={(mail) => (
          <div className="border rounded px-3 py-2" data-testid="account-email-row">
            <div className="fw-semibold text-break">{mail.subject}</div>
            <div className="small text-muted text-break">
              {formatDashedDate(mail.date)} · To {mail.to} · {mailStatus(mail)}
            </div>
          </div>
        )}
      />
    </section>
  );
}
