import { useEffect } from 'react';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { formatDashedDate } from '@registra/domain';
import { useAppDispatch, useCurrentUser } from '../../../lib/hooks';
import { fullName } from '../../../lib/session';
import { FormattedDate } from '../../../components/FormattedDate';
import type { User } from '../../../types/api';
import { endSession, useAccountEmailsQuery, useAccountLogoutMutation } from '../api';
import { CalendarFeeds } from '../components/CalendarFeeds';
import type { SentEmail } from '../api';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/DataTable';

/** The e-mails sent to the signed-in member, newest first. */
const EMAIL_COLUMNS: DataColumn<SentEmail>[] = [
  { label: 'Date', className: 'text-nowrap', cell: (mail) => formatDashedDate(mail.date) },
  { label: 'To', cell: (mail) => mail.to },
  { label: 'Subject', cell: (mail) => mail.subject },
  { label: 'Status', cell: (mail) => mail.status },
];
import { ChangePasswordCard } from '../components/ChangePasswordCard';
import { SessionsCard } from '../components/SessionsCard';
import { TwoFactorCard } from '../components/TwoFactorCard';

/** /account: "My Profile" (docs/product/staff-accounts.md). */
export function AccountPage() {
  const user = useCurrentUser();
  // Inside the signed-in area the user is always set; after logout the guard takes over.
  if (!user) return null;
  return <Profile user={user} />;
}

function Profile({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [logout, { isLoading: leaving }] = useAccountLogoutMutation();

  const logOut = async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      // Logout errors are only logged; leaving must work even when the server
      // cannot be told.
      console.error('Logout failed', error);
    }
    endSession(dispatch);
  };

  const fields: [string, ReactNode][] = [
    ['First name', user.firstName],
    ['Last name', user.lastName],
    ['E-mail', user.email],
    ['Role', <Badge bg="secondary">{user.role}</Badge>],
    ['Created at', <FormattedDate value={user.createdAt} />],
    ['Last login', <FormattedDate value={user.lastLoginAt} withTime empty="—" />],
  ];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">My Profile</h1>
        <Button variant="outline-secondary" disabled={leaving} onClick={() => void logOut()}>
          Logout
        </Button>
        {/* The button exists but is disabled: accounts are deactivated by administrators. */}
        <Button variant="outline-danger" disabled>
          Delete account
        </Button>
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
      <SessionsCard onEndCurrent={() => void logOut()} />

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
              {formatDashedDate(mail.date)} · To {mail.to} · {mail.status}
            </div>
          </div>
        )}
      />
    </section>
  );
}
