import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, json, mockApi, renderApp } from '../../../test/render';

describe('forgot password', () => {
  it('is linked from sign-in and answers the same whatever the address', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'POST /api/user/password/forgot': () => json(200, { ok: true }) });
    renderApp('/auth/signin');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await user.type(await screen.findByLabelText('E-mail'), 'nobody@firm.test');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(
      await screen.findByText(/If an account uses nobody@firm.test, an e-mail with a link/),
    ).toBeVisible();
    expect(calls[0].body).toEqual({ email: 'nobody@firm.test' });
  });
});

describe('reset password (the link of the e-mail)', () => {
  it('sets the new password with the token, after checking both copies agree', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ 'POST /api/user/password/reset': () => json(200, { ok: true }) });
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText('New password'), 'a fresh passphrase');
    await user.type(screen.getByLabelText('Repeat the new password'), 'another passphrase');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The two passwords differ')).toBeVisible();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'a fresh passphrase');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(/Your password is changed/)).toBeVisible();
    expect(calls[0].body).toEqual({ token: 'abc', newPassword: 'a fresh passphrase' });
  });

  it('says why the server refused the password or the link', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/user/password/reset': () =>
        json(400, {
          ok: false,
          code: 'VALIDATION_ERROR',
          message: 'Some fields are invalid',
          details: [
            {
              field: 'newPassword',
              message:
                'newPassword is refused: this password is on the list of common or breached passwords: choose another one',
            },
          ],
        }),
    });
    renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText('New password'), 'password1234');
    await user.type(screen.getByLabelText('Repeat the new password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText(/on the list of common or breached passwords/),
    ).toBeInTheDocument();
  });
});

describe('sign-up from an invitation', () => {
  it('fills in the invited address, asks no secret code and sends the token', async () => {
    const user = userEvent.setup();
    const invited = { ...aoife, status: 'INVITED' };
    const calls = mockApi({
      'GET /api/user/invite/tok': () => json(200, { ok: true, data: invited }),
      'POST /api/user/signup': () =>
        json(200, { ok: true, token: 't', data: { ...invited, status: 'ACTIVE' } }),
      'GET /api/user/signin_token': () => json(200, { ok: true, token: 't', data: aoife }),
    });
    renderApp('/signup?invite=tok');
    expect(await screen.findByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
    expect(await screen.findByLabelText('E-mail')).toHaveValue('aoife@firm.test');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Secret Code')).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'my own passphrase');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByRole('navigation', { name: 'Main' });
    expect(calls.find((call) => call.path === '/api/user/signup')?.body).toEqual({
      firstName: 'Aoife',
      lastName: 'Murphy',
      email: 'aoife@firm.test',
      password: 'my own passphrase',
      invite: 'tok',
    });
  });

  it('says so when the link is used or expired', async () => {
    mockApi({
      'GET /api/user/invite/old': () =>
        json(400, { ok: false, code: 'INVALID_TOKEN', message: 'This link is not valid any more' }),
    });
    renderApp('/signup?invite=old');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/not valid any more/)).toBeVisible();
  });
});
