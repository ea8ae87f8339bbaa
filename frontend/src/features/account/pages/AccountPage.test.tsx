import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aoife, json, mockApi, renderApp } from '../../../test/render';
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

const SESSIONS = [
  {
    _id: 's1',
    device: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    address: '::ffff:10.0.0.7',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastSeenAt: '2026-11-25T09:00:00.000Z',
    current: true,
  },
  {
    _id: 's2',
    device:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    address: '192.0.2.4',
    createdAt: '2026-11-21T09:00:00.000Z',
    lastSeenAt: '2026-11-22T09:00:00.000Z',
    current: false,
  },
];

const failure = () => json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'Boom' });

function mockAccount(extra: Record<string, (call: Call) => Response> = {}) {
  return mockApi({
    ...signIn(),
    [EMAILS]: () => json(200, { ok: true, data: [sent] }),
    'POST /api/user/logout': () => json(200, { ok: true, data: null }),
    'GET /api/calendar/feeds': () => json(200, { ok: true, data: [] }),
    'GET /api/user/sessions': () => json(200, { ok: true, data: SESSIONS }),
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
    // The role in words, not its code.
    expect(screen.getByTestId('profile-Role')).toHaveTextContent(/^Staff$/);
    expect(screen.getByTestId('profile-Created at')).toHaveTextContent('01/01/2025');
    expect(screen.getByTestId('profile-Last login')).toHaveTextContent('—');

    const row = await screen.findByTestId('account-email-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20-11-2026', 'hello@emerald.ie', 'Your invitation to the signup app', 'Delivered']);
  });

  it('keeps Delete account disabled, and says why', async () => {
    mockAccount();
    renderApp('/account');
    const button = await screen.findByRole('button', { name: 'Delete account' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'Accounts are not deleted: an administrator deactivates yours, and its history stays',
    );
  });

  it('has no sign-out of its own: the account’s Sign out is the only one', async () => {
    mockAccount();
    renderApp('/account');
    const main = (await screen.findByRole('heading', { name: 'My Profile' })).closest('main')!;
    await screen.findAllByTestId('session-row');
    expect(within(main).queryByRole('button', { name: /^(Logout|Log out)$/ })).toBeNull();
    // This session's row offers no second Sign out; another session's does.
    const [current, other] = screen.getAllByTestId('session-row');
    expect(within(current).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(other).getByRole('button', { name: 'Sign out' })).toBeEnabled();
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

  it('changes the password with the current one and says when that is wrong', async () => {
    const user = userEvent.setup();
    let answer = json(400, { ok: false, code: 'INVALID_CREDENTIALS', message: 'wrong' });
    const calls = mockAccount({ 'PUT /api/user/password': () => answer });
    renderApp('/account');
    await user.type(await screen.findByLabelText('Current password'), 'not mine at all');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Repeat the new password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();

    answer = json(200, { ok: true });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password changed: your other sessions are signed out'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/user/password').at(-1)?.body).toEqual({
      currentPassword: 'not mine at all',
      newPassword: 'a brand new passphrase',
    });
  });

  it('lists the sessions and signs out another one, or every other one', async () => {
    const user = userEvent.setup();
    const calls = mockAccount({
      'DELETE /api/user/sessions/s2': () => json(200, { ok: true }),
      'DELETE /api/user/sessions': () => json(200, { ok: true, data: { ended: 1 } }),
    });
    renderApp('/account');
    const rows = await screen.findAllByTestId('session-row');
    // The device in words, the address as people write it (no IPv6 prefix on an IPv4 one).
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveTextContent(
      /^Firefox on Linux This session$/,
    );
    expect(within(rows[0]).getAllByRole('cell')[1]).toHaveTextContent(/^10\.0\.0\.7$/);
    expect(within(rows[1]).getAllByRole('cell')[0]).toHaveTextContent(/^Safari on iPhone$/);
    expect(rows[1]).toHaveTextContent('192.0.2.4');
    await user.click(within(rows[1]).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('1 other session signed out')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(
      expect.arrayContaining(['DELETE /api/user/sessions/s2', 'DELETE /api/user/sessions']),
    );
  });

  const ENROLMENT = {
    secret: 'JBSWY3DPEHPK3PXP',
    otpauthUrl: 'otpauth://totp/Registra:aoife%40firm.test?secret=JBSWY3DPEHPK3PXP',
    qrCode: 'data:image/png;base64,AAAA',
  };
  const wrongCredentials = (message: string) =>
    json(400, { ok: false, code: 'INVALID_CREDENTIALS', message });
  /** The account page of Aoife with two-factor sign-in on. */
  const enrolledAccount = (extra: Record<string, (call: Call) => Response>) =>
    mockAccount({
      'GET /api/user/signin_token': () =>
        json(200, { ok: true, token: 'fresh', data: { ...aoife, totpEnabled: true } }),
      ...extra,
    });

  it('setting up two-factor sign-in asks for the password first; a wrong one is said, not started', async () => {
    const user = userEvent.setup();
    let answer = wrongCredentials('The current password is wrong');
    const calls = mockAccount({ 'POST /api/user/totp': () => answer });
    renderApp('/account');
    const setUp = await screen.findByRole('button', { name: 'Set up two-factor sign-in' });
    // Without the password the button does nothing.
    expect(setUp).toBeDisabled();
    await user.type(screen.getByLabelText('Your password'), 'not my passphrase');
    await user.click(setUp);
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong');
    expect(screen.queryByAltText('QR code of the two-factor secret')).toBeNull();
    expect(calls.find((call) => call.path === '/api/user/totp')?.body).toEqual({
      password: 'not my passphrase',
    });

    answer = json(200, { ok: true, data: ENROLMENT });
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'my own passphrase');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByAltText('QR code of the two-factor secret')).toBeVisible();
  });

  it('turning it off asks for the password and a code; a wrong one is said and nothing changes', async () => {
    const user = userEvent.setup();
    let answer = wrongCredentials(
      'The password or the code is wrong (or the code was used already)',
    );
    const calls = enrolledAccount({ 'DELETE /api/user/totp': () => answer });
    renderApp('/account');
    const off = await screen.findByRole('button', { name: 'Turn off two-factor sign-in' });
    await user.type(screen.getByLabelText('Code (or a recovery code)'), '123456');
    // A code alone is not enough.
    expect(off).toBeDisabled();
    await user.type(screen.getByLabelText('Your password'), 'not my passphrase');
    await user.click(off);
    expect(await screen.findByRole('alert')).toHaveTextContent('The password or the code is wrong');
    expect(screen.getByText('On')).toBeInTheDocument();

    answer = json(200, { ok: true, data: { ...aoife, totpEnabled: false } });
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'my own passphrase');
    await user.click(off);
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/user/totp').map((call) => call.body)).toEqual(
      [
        { password: 'not my passphrase', code: '123456' },
        { password: 'my own passphrase', code: '123456' },
      ],
    );
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  });

  it('makes new recovery codes with the password and a code, and shows them once', async () => {
    const user = userEvent.setup();
    const fresh = ['abcd-efgh-jkmn', 'pqrs-tuvw-xyz2'];
    const calls = enrolledAccount({
      'POST /api/user/totp/recovery-codes': () =>
        json(200, { ok: true, data: { recoveryCodes: fresh } }),
    });
    renderApp('/account');
    const renew = await screen.findByRole('button', { name: 'Make new recovery codes' });
    expect(renew).toBeDisabled();
    await user.type(screen.getByLabelText('Your password'), 'my own passphrase');
    await user.type(screen.getByLabelText('Code (or a recovery code)'), '654321');
    await user.click(renew);
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('pqrs-tuvw-xyz2');
    expect(calls.find((call) => call.path === '/api/user/totp/recovery-codes')?.body).toEqual({
      password: 'my own passphrase',
      code: '654321',
    });
    expect(screen.getByText(/the earlier ones no longer work/)).toBeInTheDocument();
  });

  it('moves to another app with the password and a current code, then shows its recovery codes', async () => {
    const user = userEvent.setup();
    const calls = enrolledAccount({
      'POST /api/user/totp': () => json(200, { ok: true, data: ENROLMENT }),
      'POST /api/user/totp/confirm': () =>
        json(200, { ok: true, data: { recoveryCodes: ['gggg-hhhh-iiii'] } }),
    });
    renderApp('/account');
    const move = await screen.findByRole('button', { name: 'Move to another app' });
    await user.type(screen.getByLabelText('Your password'), 'my own passphrase');
    await user.type(screen.getByLabelText('Code (or a recovery code)'), '654321');
    await user.click(move);
    expect(await screen.findByAltText('QR code of the two-factor secret')).toBeVisible();
    expect(calls.find((call) => call.path === '/api/user/totp')?.body).toEqual({
      password: 'my own passphrase',
      code: '654321',
    });
    await user.type(screen.getByLabelText('Code from the app'), '111222');
    await user.click(screen.getByRole('button', { name: 'Use this app' }));
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('gggg-hhhh-iiii');
    expect(await screen.findByText('The new app is in use')).toBeInTheDocument();
  });

  it('sets up two-factor sign-in: QR code, first code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    const calls = mockAccount({
      'POST /api/user/totp': () => json(200, { ok: true, data: ENROLMENT }),
      'POST /api/user/totp/confirm': () =>
        json(200, { ok: true, data: { recoveryCodes: ['aaaa-bbbb-cccc', 'dddd-eeee-ffff'] } }),
    });
    renderApp('/account');
    await user.type(await screen.findByLabelText('Your password'), 'my own passphrase');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByAltText('QR code of the two-factor secret')).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(codes).toHaveTextContent('aaaa-bbbb-cccc');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(2);
    expect(calls.find((call) => call.path === '/api/user/totp/confirm')?.body).toEqual({
      code: '123456',
    });
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();
  });
});
