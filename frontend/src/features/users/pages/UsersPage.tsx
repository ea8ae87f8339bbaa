import {
  USER_ROLES,
  USER_ROLE_LABELS,
  USER_SORT_FIELDS,
  USER_STATUSES,
  USER_STATUS_LABELS,
} from '@registra/domain';
import type { UserRole, UserSortField, UserStatus } from '@registra/domain';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/hooks';
import { fullName } from '../../../lib/session';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/DataTable';
import { FormattedDate } from '../../../components/FormattedDate';
import { ReasonButton } from '../../../components/ReasonButton';
import { choiceField, orderField, pageField, useListState } from '../../../components/useListState';
import type { User } from '../../../types/api';
import {
  useRequireTwoFactorMutation,
  useResendInvitationMutation,
  useResetTwoFactorMutation,
  useSendPasswordResetMutation,
  useUpdateUserMutation,
  useUsersFirmSettingsQuery,
  useUsersQuery,
} from '../api';
import { InviteUserDialog } from '../components/InviteUserDialog';

const USERS_PAGE_SIZE = 50;

const STATUS_BADGES: Readonly<Record<UserStatus, string>> = {
  ACTIVE: 'success',
  INVITED: 'info',
  DISABLED: 'secondary',
};

/** The list's status filter, sort and page live in the address, like every list's. */
const LIST_STATE = {
  status: choiceField<UserStatus | ''>(['', ...USER_STATUSES], ''),
  sortField: choiceField<UserSortField>(USER_SORT_FIELDS, 'name'),
  sortOrder: orderField('asc'),
  page: pageField,
};

/** /users (administrators): the firm's staff accounts. */
export function UsersPage() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return <Alert variant="warning">The staff accounts are managed by administrators.</Alert>;
  }
  return (
    <>
      <UsersList me={user} />
      <TwoFactorRequirement me={user} />
    </>
  );
}

/**
 * The firm-wide rule: everyone signs in with an authenticator code. Turning it on signs out
 * every colleague without one (they enrol at their next sign-in), so it is confirmed first.
 */
function TwoFactorRequirement({ me }: { me: User }) {
  const settings = useUsersFirmSettingsQuery();
  const [save, { isLoading: saving }] = useRequireTwoFactorMutation();
  const [confirming, setConfirming] = useState(false);
  const required = settings.data?.requireTwoFactor ?? false;

  const change = async (next: boolean) => {
    try {
      await save(next).unwrap();
      toast.success(
        next ? 'Two-factor sign-in is now required of everyone' : 'Two-factor sign-in is optional',
      );
      setConfirming(false);
    } catch (failure) {
      toast.error(errorText(failure, 'The setting could not be saved.'));
    }
  };

  return (
    <Card className="mt-4">
      <Card.Body>
        <h2 className="h6">Two-factor sign-in</h2>
        {settings.isError ? (
          <Alert variant="danger" className="mb-0">
            {errorText(settings.error, 'The setting could not be loaded.')}
          </Alert>
        ) : (
          <Form.Check
            type="switch"
            id="require-two-factor"
            label="Require two-factor sign-in for everyone"
            checked={required}
            disabled={!settings.data || saving}
            title={!settings.data ? 'Loading the setting…' : saving ? 'Saving…' : undefined}
            onChange={(event) => {
              if (event.target.checked) setConfirming(true);
              else void change(false);
            }}
          />
        )}
        <Form.Text>
          When required, an account without an authenticator app sets one up at its next sign-in,
          before it can do anything else, and nobody can turn theirs off.
          {!me.totpEnabled && ' Set up your own on your account page first.'}
        </Form.Text>
      </Card.Body>
      <ConfirmDialog
        show={confirming}
        title="Require two-factor sign-in"
        message="Colleagues without two-factor sign-in are signed out now and set it up at their next sign-in."
        confirmLabel="Require it"
        busy={saving}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void change(true)}
      />
    </Card>
  );
}

function UsersList({ me }: { me: User }) {
  const list = useListState(LIST_STATE, { in: 'address' });
  const { status, sortField, sortOrder, page } = list.state;
  const [inviting, setInviting] = useState(false);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const query = useUsersQuery({
    page,
    limit: USERS_PAGE_SIZE,
    status: status || undefined,
    sortField,
    sortOrder,
  });
  const { isFetching, isError, error } = query;
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

  const roleSelect = (account: User) => {
    // A deactivated account keeps its role until it is reactivated (the select says so).
    const why =
      account.status === 'DISABLED'
        ? 'Reactivate the account to change its role'
        : updating && 'Saving…';
    return (
      <span title={why || undefined} className="d-block">
        <Form.Select
          size="sm"
          aria-label={`Role of ${fullName(account)}`}
          value={account.role}
          disabled={Boolean(why)}
          onChange={(event) => {
            const role = event.target.value as UserRole;
            void update(
              account,
              { role },
              `${fullName(account)} is now ${USER_ROLE_LABELS[role].toLowerCase()}`,
            );
          }}
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {USER_ROLE_LABELS[role]}
            </option>
          ))}
        </Form.Select>
      </span>
    );
  };

  const statusBadge = (account: User) => (
    <Badge bg={STATUS_BADGES[account.status]}>{USER_STATUS_LABELS[account.status]}</Badge>
  );

  const twoFactorBadge = (account: User) =>
    account.totpEnabled ? (
      <Badge bg="success">On</Badge>
    ) : (
      <Badge bg="light" text="dark">
        Off
      </Badge>
    );

  const actions = (account: User) => (
    <div className="d-flex flex-wrap gap-2 justify-content-end">
      {account.status === 'INVITED' && (
        <Button size="sm" variant="outline-secondary" onClick={() => void resend(account)}>
          Resend invitation
        </Button>
      )}
      {account.status === 'ACTIVE' && (
        <Button size="sm" variant="outline-secondary" onClick={() => void resetPassword(account)}>
          Send password reset
        </Button>
      )}
      {account.totpEnabled && (
        <Button size="sm" variant="outline-secondary" onClick={() => void resetPhone(account)}>
          Reset two-factor
        </Button>
      )}
      {account.active ? (
        <Button size="sm" variant="outline-danger" onClick={() => setDeactivating(account)}>
          Deactivate
        </Button>
      ) : (
        <ReasonButton
          size="sm"
          variant="outline-success"
          whyDisabled={updating && 'Saving…'}
          onClick={() =>
            void update(account, { active: true }, `${fullName(account)} is active again`)
          }
        >
          Reactivate
        </ReasonButton>
      )}
    </div>
  );

  const nameOf = (account: User) => (
    <>
      {fullName(account)}
      {account._id === me._id && <span className="text-muted small"> (you)</span>}
    </>
  );

  const columns: DataColumn<User, UserSortField>[] = [
    { label: 'Name', sortField: 'name', cell: nameOf },
    { label: 'E-mail', sortField: 'email', className: 'text-break', cell: (a) => a.email },
    { label: 'Role', sortField: 'role', cell: roleSelect },
    { label: 'Status', sortField: 'status', cell: statusBadge },
    { label: 'Two-factor', cell: twoFactorBadge },
    {
      label: 'Last login',
      sortField: 'lastLoginAt',
      className: 'text-nowrap',
      cell: (a) => <FormattedDate value={a.lastLoginAt} withTime empty="—" />,
    },
    { label: 'Actions', hiddenLabel: true, className: 'text-end', cell: actions },
  ];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Users</h1>
        {isFetching && <Spinner animation="border" size="sm" role="status" aria-label="Loading" />}
        <Form.Select
          aria-label="Status"
          className="w-auto"
          value={status}
          onChange={(event) => list.update({ status: event.target.value as UserStatus | '' })}
        >
          <option value="">Every status</option>
          {USER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {USER_STATUS_LABELS[value]}
            </option>
          ))}
        </Form.Select>
        <Button onClick={() => setInviting(true)}>Invite a user</Button>
      </div>

      <DataTable
        label="Staff accounts"
        columns={columns}
        answer={query}
        list={list}
        error={isError ? errorText(error, 'The users could not be loaded.') : null}
        empty="No account."
        rowProps={() => ({ 'data-testid': 'user-row' })}
        renderCard={(account) => (
          <Card data-testid="user-row">
            <Card.Body className="py-2 px-3">
              <div className="d-flex justify-content-between align-items-start gap-2">
                <span className="fw-semibold">{nameOf(account)}</span>
                {statusBadge(account)}
              </div>
              <div className="small text-muted text-break">{account.email}</div>
              <div className="small text-muted mb-2">
                Two-factor {twoFactorBadge(account)} · Last login{' '}
                <FormattedDate value={account.lastLoginAt} withTime empty="—" />
              </div>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <div style={{ maxWidth: '9rem' }}>{roleSelect(account)}</div>
                <div className="ms-auto">{actions(account)}</div>
              </div>
            </Card.Body>
          </Card>
        )}
      />

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
