import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, json, mockApi, renderApp } from '../../../test/render';
import type { User } from '../../../types/api';

const admin: User = { ...aoife, role: 'admin' };
const sean: User = {
  ...aoife,
  _id: 'u2',
  firstName: 'Sean',
  lastName: 'Kelly',
  email: 'sean@firm.test',
  status: 'INVITED',
};
const niamh: User = {
  ...aoife,
  _id: 'u3',
  firstName: 'Niamh',
  lastName: 'Doyle',
  email: 'niamh@firm.test',
};

const page = (data: User[]) =>
  json(200, { ok: true, data, totalItems: data.length, totalPages: 1, page: 1, limit: 50 });

const settings = (requireTwoFactor: boolean) =>
  json(200, {
    ok: true,
    data: { annualReturnLeadDays: 60, requireTwoFactor, updatedAt: null },
  });

function mockUsers(me: User, extra: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('token', 'stored');
  return mockApi({
    'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: me }),
    'GET /api/user': () => page([admin, sean, niamh]),
    'GET /api/settings': () => settings(false),
    ...extra,
  });
}

describe('Users page (administrators)', () => {
  it('is linked from the side navigation for administrators and lists every account with its status', async () => {
    const user = userEvent.setup();
    mockUsers(admin);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeVisible();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Sean Kelly');
    expect(rows[1]).toHaveTextContent('Invited');
    expect(within(rows[1]).getByRole('button', { name: 'Resend invitation' })).toBeVisible();
    expect(rows[2]).toHaveTextContent('Active');
  });

  it('is neither linked nor shown to staff', async () => {
    mockUsers(aoife);
    renderApp('/users');
    expect(
      await screen.findByText('The staff accounts are managed by administrators.'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', {
        name: 'Users',
      }),
    ).toBeNull();
  });

  it('names roles in words; a deactivated account’s role select says why it is locked', async () => {
    mockUsers(admin, {
      'GET /api/user': () => page([admin, { ...niamh, active: false, status: 'DISABLED' }]),
    });
    renderApp('/users');
    const rows = await screen.findAllByTestId('user-row');
    const role = within(rows[0]).getByLabelText('Role of Aoife Murphy') as HTMLSelectElement;
    expect(Array.from(role.options).map((option) => option.text)).toEqual([
      'Administrator',
      'Staff',
    ]);
    expect(role).toHaveDisplayValue('Administrator');
    expect(rows[1]).toHaveTextContent('Deactivated');
    const locked = within(rows[1]).getByLabelText('Role of Niamh Doyle');
    expect(locked).toBeDisabled();
    expect(locked.parentElement).toHaveAttribute(
      'title',
      'Reactivate the account to change its role',
    );
  });

  it('invites a user by e-mail with a role', async () => {
    const user = userEvent.setup();
    const calls = mockUsers(admin, {
      'POST /api/user/invite': () =>
        json(200, { ok: true, data: { ...sean, email: 'new@firm.test', role: 'admin' } }),
    });
    renderApp('/users');
    await user.click(await screen.findByRole('button', { name: 'Invite a user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('First Name'), 'Sean');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Kelly');
    await user.type(within(dialog).getByLabelText('E-mail'), 'new@firm.test');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent to new@firm.test')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/user/invite')?.body).toEqual({
      firstName: 'Sean',
      lastName: 'Kelly',
      email: 'new@firm.test',
      role: 'admin',
    });
  });

  it('deactivates after confirmation and shows why the last administrator cannot be', async () => {
    const user = userEvent.setup();
    const calls = mockUsers(admin, {
      'PUT /api/user/u1': () =>
        json(409, {
          ok: false,
          code: 'LAST_ADMIN',
          message: 'This is the last active administrator: make another user administrator first',
        }),
      'PUT /api/user/u3': () =>
        json(200, { ok: true, data: { ...niamh, active: false, status: 'DISABLED' } }),
    });
    renderApp('/users');
    const rows = await screen.findAllByTestId('user-row');

    await user.click(within(rows[2]).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Niamh Doyle is signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Niamh Doyle is deactivated')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/user/u3')?.body).toEqual({ active: false });

    await user.selectOptions(within(rows[0]).getByLabelText('Role of Aoife Murphy'), 'staff');
    expect(
      await screen.findByText(
        'This is the last active administrator: make another user administrator first',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/user/u1')?.body).toEqual({ role: 'staff' }),
    );
  });

  it('sends an active user a password-reset link', async () => {
    const user = userEvent.setup();
    mockUsers(admin, {
      'POST /api/user/u3/password-reset': () => json(200, { ok: true }),
    });
    renderApp('/users');
    const rows = await screen.findAllByTestId('user-row');
    await user.click(within(rows[2]).getByRole('button', { name: 'Send password reset' }));
    expect(
      await screen.findByText('A password-reset link was sent to niamh@firm.test'),
    ).toBeInTheDocument();
  });

  it("resets a user's two-factor sign-in (a lost phone)", async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    const calls = mockApi({
      'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: admin }),
      'GET /api/user': () => page([admin, { ...niamh, totpEnabled: true }]),
      'GET /api/settings': () => settings(false),
      'DELETE /api/user/u3/totp': () => json(200, { ok: true, data: niamh }),
    });
    renderApp('/users');
    const rows = await screen.findAllByTestId('user-row');
    await user.click(within(rows[1]).getByRole('button', { name: 'Reset two-factor' }));
    expect(
      await screen.findByText('Two-factor sign-in of Niamh Doyle is reset'),
    ).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/user/u3/totp'),
    ).toBe(true);
  });

  it('sorts by a column header, said by aria-sort, and asks the server for that order', async () => {
    const user = userEvent.setup();
    const calls = mockUsers(admin);
    const { router } = renderApp('/users');
    const emailHeader = await screen.findByRole('columnheader', { name: 'E-mail' });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(emailHeader).not.toHaveAttribute('aria-sort');
    await user.click(within(emailHeader).getByRole('button', { name: 'E-mail' }));
    await waitFor(() => expect(emailHeader).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(within(emailHeader).getByRole('button', { name: /E-mail/ }));
    await waitFor(() => expect(emailHeader).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toBe('?sortField=email&sortOrder=desc');
    const asked = calls.filter((call) => call.path === '/api/user').map((call) => call.query);
    expect(asked.at(-1)).toMatchObject({ sortField: 'email', sortOrder: 'desc', page: '1' });
    expect(asked[0]).toMatchObject({ sortField: 'name', sortOrder: 'asc' });
  });

  it('requires two-factor sign-in of everyone after confirmation, and makes it optional again', async () => {
    const user = userEvent.setup();
    let required = false;
    const calls = mockUsers(admin, {
      'GET /api/settings': () => settings(required),
      'PUT /api/user/two-factor': (call) => {
        required = (call.body as { required: boolean }).required;
        return settings(required);
      },
    });
    renderApp('/users');
    const toggle = await screen.findByRole('checkbox', {
      name: 'Require two-factor sign-in for everyone',
    });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Colleagues without two-factor sign-in are signed out now');
    await user.click(within(dialog).getByRole('button', { name: 'Require it' }));
    expect(
      await screen.findByText('Two-factor sign-in is now required of everyone'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText('Two-factor sign-in is optional')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.path === '/api/user/two-factor').map((call) => call.body),
    ).toEqual([{ required: true }, { required: false }]);
  });
});
