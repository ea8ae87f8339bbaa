import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { signIn } from '../../../test/fixtures';
import type { SentEmail } from '../api';

const EMAILS = 'GET /api/user/emails/aoife%40firm.test';

const sent: SentEmail = {
  _id: 'm1',
  to: 'hello@emerald.ie',
  subject: 'Your invitation to the signup app',
  status: 'delivered',
  date: '2026-11-20T10:00:00.000Z',
  event: 'delivered',
  tag: 'signup',
  messageId: '<m1@firm.test>',
};

const failure = () => json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'Boom' });

function mockAccount(extra: Record<string, (call: Call) => Response> = {}) {
  return mockApi({
    ...signIn(),
    [EMAILS]: () => json(200, { ok: true, data: [sent] }),
    'POST /api/user/logout': () => json(200, { ok: true, data: null }),
    'GET /api/calendar/feeds': () => json(200, { ok: true, data: [] }),
    ...extra,
  });
}

describe('account', () => {
  it('shows My Profile: the user record with its role, and the user’s e-mails', async () => {
    mockAccount();
    renderApp('/account');

    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeVisible();
    expect(screen.getByTestId('profile-First name')).toHaveTextContent('Aoife');
    expect(screen.getByTestId('profile-Last name')).toHaveTextContent('Murphy');
    expect(screen.getByTestId('profile-E-mail')).toHaveTextContent('aoife@firm.test');
    expect(screen.getByTestId('profile-Role')).toHaveTextContent('staff');
    expect(screen.getByTestId('profile-Created at')).toHaveTextContent('01/01/2025');
    expect(screen.getByTestId('profile-Last login')).toHaveTextContent('—');

    const row = await screen.findByTestId('account-email-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20-11-2026', 'hello@emerald.ie', 'Your invitation to the signup app', 'delivered']);
  });

  it('keeps Delete account disabled', async () => {
    mockAccount();
    renderApp('/account');
    expect(await screen.findByRole('button', { name: 'Delete account' })).toBeDisabled();
  });

  it('Logout tells the server, clears the token and returns to sign-in', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error');
    const calls = mockAccount();
    const { router } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signin');
    const logout = calls.find((call) => call.path === '/api/user/logout')!;
    expect(logout.method).toBe('POST');
    expect(logout.authorization).toBe('JWT fresh');
    expect(localStorage.getItem('token')).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it('a failed logout is only logged: the session ends all the same, no toast', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockAccount({ 'POST /api/user/logout': failure });
    const { router } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(screen.queryByText('Boom')).toBeNull();
  });

  it('a failed e-mail load is only logged, not shown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockAccount({ [EMAILS]: failure });
    renderApp('/account');

    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to load the account e-mails', expect.anything()),
    );
    expect(screen.getByText('No e-mails.')).toBeInTheDocument();
    expect(screen.queryByText('Boom')).toBeNull();
    expect(screen.queryByRole('status', { name: /fetch/ })).toBeNull();
  });
});
