import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, deferred, json, mockApi, renderApp } from '../../../test/render';

type UserEventApi = ReturnType<typeof userEvent.setup>;

const signUpButton = () => screen.getByRole('button', { name: /^Sign(ing)? up/ });

async function fillAll(user: UserEventApi) {
  await user.type(await screen.findByLabelText(/^First Name/), 'Aoife');
  await user.type(screen.getByLabelText(/^Last Name/), 'Murphy');
  await user.type(screen.getByLabelText('E-mail'), 'aoife@firm.test');
  await user.type(screen.getByLabelText('Password'), 'long enough pass');
  await user.type(screen.getByLabelText('Secret Code'), 'the-code');
}

describe('sign-up form', () => {
  it('keeps the button disabled until e-mail, password and secret code are filled', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/auth/signup');

    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), 'aoife@firm.test');
    await user.type(screen.getByLabelText('Password'), 'long enough pass');
    expect(signUpButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Secret Code'), 'the-code');
    // The names are marked required but do not hold the button back (canSubmitSignUp).
    expect(signUpButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Password'));
    expect(signUpButton()).toBeDisabled();
  });

  it('marks first and last name as required', async () => {
    mockApi({});
    renderApp('/signup');
    expect(await screen.findByLabelText(/^First Name/)).toBeRequired();
    expect(screen.getByText('First Name').closest('label')).toHaveTextContent('First Name *');
    expect(screen.getByText('Last Name').closest('label')).toHaveTextContent('Last Name *');
  });

  it('shows "Signing up..." while the request is pending, then goes home signed in', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const calls = mockApi({
      'POST /api/user/signup': () => answer.promise,
      'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: aoife }),
    });
    const { router } = renderApp('/auth/signup');

    await fillAll(user);
    await user.click(signUpButton());

    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/signup',
      body: {
        firstName: 'Aoife',
        lastName: 'Murphy',
        email: 'aoife@firm.test',
        password: 'long enough pass',
        secretCode: 'the-code',
      },
    });

    answer.resolve(json(200, { ok: true, token: 'tok-1', data: aoife }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Aoife Murphy' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('says the secret code is wrong in words (403), the code in small print', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/user/signup': () =>
        json(403, { ok: false, code: 'INVALID_SECRET_CODE', message: 'Wrong secret code' }),
    });
    const { router } = renderApp('/auth/signup');

    await fillAll(user);
    await user.click(signUpButton());

    expect(await screen.findByText('The secret code is not valid.')).toBeInTheDocument();
    expect(screen.getByTestId('error-code')).toHaveTextContent('INVALID_SECRET_CODE');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/auth/signup');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the error message in the toast when the answer has no code', async () => {
    const user = userEvent.setup();
    mockApi({ 'POST /api/user/signup': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/auth/signup');

    await fillAll(user);
    await user.click(signUpButton());

    expect(await screen.findByText('The server could not be reached.')).toBeInTheDocument();
  });

  it('does not send a password shorter than 12 characters', async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderApp('/auth/signup');

    await user.type(await screen.findByLabelText(/^First Name/), 'Aoife');
    await user.type(screen.getByLabelText(/^Last Name/), 'Murphy');
    await user.type(screen.getByLabelText('E-mail'), 'aoife@firm.test');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Secret Code'), 'the-code');
    await user.click(signUpButton());

    expect(await screen.findByText('Password must be at least 12 characters')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('links to sign-in', async () => {
    mockApi({});
    renderApp('/auth/signup');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/signin',
    );
  });
});
