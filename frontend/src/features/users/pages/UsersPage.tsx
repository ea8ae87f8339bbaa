import { USER_ROLES, USER_STATUSES } from '@registra/domain';
import type { UserRole, UserStatus } from '@registra/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { errorText } from '../../../app/errors';
import { useCurrentUser } from '../../../app/hooks';
import { fullName } from '../../../app/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormattedDate } from '../../../components/FormattedDate';
import { Pagination } from '../../../components/Pagination';
import type { User } from '../../../types/api';
import {
  useResendInvitationMutation,
  useResetTwoFactorMutation,
  useSendPasswordResetMutation,
  useUpdateUserMutation,
  useUsersQuery,
} from '../api';
import { InviteUserDialog } from '../components/InviteUserDialog';

const USERS_PAGE_SIZE = 50;

const STATUS_BADGES: Readonly<Record<UserStatus, { bg: string; label: string }>> = {
  ACTIVE: { bg: 'success', label: 'Active' },
  INVITED: { bg: 'info', label: 'Invited' },
  DISABLED: { bg: 'secondary', label: 'Deactivated' },
};

/** /users (administrators): the firm's staff accounts. */
export function UsersPage() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return <Alert variant="warning">The staff accounts are managed by administrators.</Alert>;
  }
  return <UsersList me={user} />;
}

function UsersList({ me }: { me: User }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const { data, isFetching, isError, error } = useUsersQuery({
    page,
    limit: USERS_PAGE_SIZE,
    status: status || undefined,
  });
  const [updateUser, { isLoading: updating }] = useUpdateUserMutation();
  const [resendInvitation] = useResendInvitationMutation();
  const [sendPasswordReset] = useSendPasswordResetMutation();
  const [resetTwoFactor] = useResetTwoFactorMutation();

  const resetPhone = async (target: User) => {
    try {
      await resetTwoFactor(target._id).unwrap();
      toast.success(`Two-factor sign-in of ${fullName(target)} is reset`);
    } catch (failure) {
      toast.error(errorText(failure, 'Two-factor sign-in could not be reset.'));
    }
  };

  const update = async (
    target: User,
    change: { role?: UserRole; active?: boolean },
    done: string,
  ) => {
    try {
      await updateUser({ id: target._id, ...change }).unwrap();
      toast.success(done);
      return true;
    } catch (failure) {
      toast.error(errorText(failure, 'The account could not be changed.'));
      return false;
    }
  };

  const resetPassword = async (target: User) => {
    try {
      await sendPasswordReset(target._id).unwrap();
      toast.success(`A password-reset link was sent to ${target.email}`);
    } catch (failure) {
      toast.error(errorText(failure, 'The link could not be sent.'));
    }
  };

  const resend = async (target: User) => {
    try {
      await resendInvitation(target._id).unwrap();
      toast.success(`A new invitation was sent to ${target.email}`);
    } catch (failure) {
      toast.error(errorText(failure, 'The invitation could not be sent.'));
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Users</h1>
        <Form.Select
          aria-label="Status"
          className="w-auto"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as UserStatus | '');
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          {USER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_BADGES[value].label}
            </option>
          ))}
        </Form.Select>
        <Button onClick={() => setInviting(true)}>Invite a user</Button>
      </div>

      {isError && (
        <Alert variant="danger">{errorText(error, 'The users could not be loaded.')}</Alert>
      )}
      {!data && isFetching && (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
      )}
      {data && (
        <>
          <Table responsive hover className="align-middle">
            <thead>
              <tr>
                <th>Name</th>
                <th>E-mail</th>
                <th>Role</th>
                <th>Status</th>
                <th>Last login</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {data.data.map((account) => (
                <tr key={account._id} data-testid="user-row">
                  <td>
                    {fullName(account)}
                    {account._id === me._id && <span className="text-muted small"> (you)</span>}
                  </td>
                  <td>{account.email}</td>
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={`Role of ${fullName(account)}`}
                      value={account.role}
                      disabled={updating || account.status === 'DISABLED'}
                      onChange={(event) =>
                        void update(
                          account,
                          { role: event.target.value as UserRole },
                          `${fullName(account)} is now ${event.target.value}`,
                        )
                      }
                    >
                      {USER_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                  <td>
                    <Badge bg={STATUS_BADGES[account.status].bg}>
                      {STATUS_BADGES[account.status].label}
                    </Badge>
                  </td>
                  <td className="text-nowrap">
                    <FormattedDate value={account.lastLoginAt} withTime empty="—" />
                  </td>
                  <td className="text-end text-nowrap">
                    {account.status === 'INVITED' && (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        className="me-2"
                        onClick={() => void resend(account)}
                      >
                        Resend invitation
                      </Button>
                    )}
                    {account.status === 'ACTIVE' && (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        className="me-2"
                        onClick={() => void resetPassword(account)}
                      >
                        Send password reset
                      </Button>
                    )}
                    {account.totpEnabled && (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        className="me-2"
                        onClick={() => void resetPhone(account)}
                      >
                        Reset two-factor
                      </Button>
                    )}
                    {account.active ? (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setDeactivating(account)}
                      >
                        Deactivate
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline-success"
                        disabled={updating}
                        onClick={() =>
                          void update(
                            account,
                            { active: true },
                            `${fullName(account)} is active again`,
                          )
                        }
                      >
                        Reactivate
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
              {data.data.length === 0 && (
                <tr>
                  <td colSpan={6} className="text-muted">
                    No account.
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
          <Pagination page={page} totalPages={data.totalPages} onChange={setPage} />
        </>
      )}

      <InviteUserDialog show={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        show={deactivating !== null}
        title="Deactivate the account"
        message={
          deactivating
            ? `${fullName(deactivating)} is signed out at once and can no longer sign in or sign up. Their records and history stay.`
            : ''
        }
        confirmLabel="Deactivate"
        busy={updating}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => {
          if (!deactivating) return;
          const target = deactivating;
          void update(target, { active: false }, `${fullName(target)} is deactivated`).then(
            (done) => {
              if (done) setDeactivating(null);
            },
          );
        }}
      />
    </>
  );
}
