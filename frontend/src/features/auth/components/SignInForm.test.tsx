import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, deferred, json, mockApi, renderApp } from '../../../test/render';

const signInButton = () => screen.getByRole('button', { name: /^Sign(ing)? in/ });

describe('sign-in form', () => {
  it('keeps the button disabled until both e-mail and password are filled', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/auth/signin');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'aoife@firm.test');
    expect(signInButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'secret');
    expect(signInButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Email'));
    expect(signInButton()).toBeDisabled();
  });

  it('shows "Signing in..." while the request is pending, then stores the token and goes home', async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const calls = mockApi({
      'POST /api/user/signin': () => answer.promise,
      'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: aoife }),
    });
    const { router } = renderApp('/signin');

    await user.type(await screen.findByLabelText('Email'), 'aoife@firm.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(signInButton());

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/user/signin',
      body: { email: 'aoife@firm.test', password: 'secret' },
    });

    answer.resolve(json(200, { ok: true, token: 'tok-1', data: aoife }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Aoife Murphy' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('says what is wrong in words when the credentials are wrong (401), the code in small print', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/user/signin': () =>
        json(401, { ok: false, code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password' }),
    });
    const { router } = renderApp('/auth/signin');

    await user.type(await screen.findByLabelText('Email'), 'aoife@firm.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(signInButton());

    expect(await screen.findByText('Wrong e-mail or password.')).toBeInTheDocument();
    expect(screen.getByTestId('error-code')).toHaveTextContent('INVALID_CREDENTIALS');
    expect(screen.getByTestId('error-code').tagName).toBe('SMALL');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows "Error" in the toast when the server cannot be reached', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/user/signin': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp('/auth/signin');

    await user.type(await screen.findByLabelText('Email'), 'aoife@firm.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(signInButton());

    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('prefills the development account in development mode', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/auth/signin');

    await user.click(await screen.findByRole('button', { name: 'Prefill Dev Account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('dev@registra.local');
    expect(screen.getByLabelText('Password')).toHaveValue('devpassword');
    expect(signInButton()).toBeEnabled();
  });

  it('links to sign-up', async () => {
    mockApi({});
    renderApp('/auth/signin');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/auth/signup',
    );
  });

  it('asks for the authenticator code when the account has two-factor sign-in, then sends it', async () => {
    const user = userEvent.setup();
    let answer = json(401, {
      ok: false,
      code: 'TOTP_REQUIRED',
      message: 'Enter the code of your authenticator app (or a recovery code)',
    });
    const calls = mockApi({
      'POST /api/user/signin': () => answer,
      'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: aoife }),
    });
    const { router } = renderApp('/auth/signin');
    await user.type(await screen.findByLabelText('Email'), 'aoife@firm.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(signInButton());

    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    answer = json(200, { ok: true, token: 't', data: { ...aoife, totpEnabled: true } });
    await user.click(signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      calls.filter((call) => call.path === '/api/user/signin').map((call) => call.body),
    ).toEqual([
      { email: 'aoife@firm.test', password: 'secret' },
      { email: 'aoife@firm.test', password: 'secret', totp: '123456' },
    ]);
  });
});
