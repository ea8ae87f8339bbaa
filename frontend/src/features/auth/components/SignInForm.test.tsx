import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, deferred, json, mockApi, renderApp } from '../../../test/render';

const signInButton = () => screen.getByRole('button', { name: /^Sign(ing)? in/ });

/** The sign-in's refusal of an account the firm requires two-factor sign-in of (no enrolment yet). */
const enrolmentRequired = (enrolmentToken: string) =>
  json(401, {
    ok: false,
    code: 'TOTP_ENROLMENT_REQUIRED',
    message: 'The firm requires two-factor sign-in',
    enrolmentToken,
    validMinutes: 15,
  });

/** Types Aoife's address and `password` into the form once it shows, and presses Sign in. */
async function submitSignIn(user: ReturnType<typeof userEvent.setup>, password = 'secret') {
  await user.type(await screen.findByLabelText('Email'), 'aoife@firm.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(signInButton());
}

describe('sign-in form', () => {
  it('keeps the button disabled until both e-mail and password are filled', async () => {
    const user = userEvent.setup();
    mockApi({});
    renderApp('/auth/signin');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeDisabled();
    // A disabled button says why.
    expect(signInButton()).toHaveAccessibleDescription('Enter your e-mail and password first');
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

    await submitSignIn(user);

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAccessibleDescription('Signing in…');
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

    await submitSignIn(user, 'wrong');

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

    await submitSignIn(user);

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
    await submitSignIn(user);

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

  it.each([
    [9, 'You signed in with a recovery code: 9 recovery codes left.', false],
    [
      2,
      'You signed in with a recovery code: only 2 recovery codes left. Make new ones in your account page.',
      true,
    ],
  ])(
    'after a sign-in with a recovery code, %i left: says so (warns and offers new ones: %s)',
    async (left, text, warns) => {
      const user = userEvent.setup();
      let answer = json(401, { ok: false, code: 'TOTP_REQUIRED', message: 'Enter the code' });
      mockApi({
        'POST /api/user/signin': () => answer,
        'GET /api/user/signin_token': () =>
          json(200, { ok: true, token: 'fresh', data: { ...aoife, totpEnabled: true } }),
      });
      const { router } = renderApp('/auth/signin');
      await submitSignIn(user);
      await user.type(await screen.findByLabelText('Authentication code'), 'abcd-efgh-jkmn');
      answer = json(200, {
        ok: true,
        token: 't',
        data: { ...aoife, totpEnabled: true },
        recoveryCodesLeft: left,
      });
      await user.click(signInButton());
      expect(await screen.findByText(text, { exact: false })).toBeInTheDocument();
      const offer = screen.queryByRole('button', { name: 'Make new recovery codes' });
      expect(offer !== null).toBe(warns);
      if (offer) {
        await user.click(offer);
        await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
      }
    },
  );

  it('says "wrong code", not "wrong password", when the two-factor code is wrong', async () => {
    const user = userEvent.setup();
    let answer = json(401, { ok: false, code: 'TOTP_REQUIRED', message: 'Enter the code' });
    mockApi({ 'POST /api/user/signin': () => answer });
    const { router } = renderApp('/auth/signin');
    await submitSignIn(user);

    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    answer = json(401, {
      ok: false,
      code: 'TOTP_INVALID',
      message: 'The code is wrong or was used already',
    });
    await user.click(signInButton());

    expect(
      await screen.findByText(
        'Wrong code: it is not the app’s current code, or it was used already.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Wrong e-mail or password/)).not.toBeInTheDocument();
    expect(screen.getByTestId('error-code')).toHaveTextContent('TOTP_INVALID');
    // The form stays, the code field with it, for another try.
    expect(screen.getByLabelText('Authentication code')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it.each([
    ['SESSION_EXPIRED', 'Your session expired. Please sign in again.'],
    [
      'SESSION_SIGNED_OUT',
      'You were signed out from elsewhere (another session, or a password or security change). Please sign in again.',
    ],
    ['SESSION_ACCOUNT_DISABLED', 'Your account was deactivated by an administrator.'],
  ])('a session the server ended (%s) sends its user to sign in, saying why', async (code, why) => {
    localStorage.setItem('token', 'old');
    mockApi({
      'GET /api/user/signin_token': () => json(401, { ok: false, code, message: 'ended' }),
    });
    const { router } = renderApp('/organization');

    expect(await screen.findByTestId('session-ended')).toHaveTextContent(why);
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a call refused mid-session says why; signing in again clears it', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'old');
    let refused = false;
    mockApi({
      'GET /api/user/signin_token': () =>
        refused
          ? json(200, { ok: true, token: 'fresh', data: aoife })
          : json(200, { ok: true, token: 'old', data: aoife }),
      // The old token is refused once; the new one is answered (a search refused for ever would
      // end every session the test starts, over and over).
      'POST /api/task/search': () => {
        if (refused) {
          return json(200, { ok: true, data: [], totalItems: 0, totalPages: 0, page: 1, limit: 7 });
        }
        refused = true;
        return json(401, { ok: false, code: 'SESSION_SIGNED_OUT', message: 'ended' });
      },
      'POST /api/user/signin': () => json(200, { ok: true, token: 'new', data: aoife }),
    });
    renderApp('/task');

    expect(await screen.findByTestId('session-ended')).toHaveTextContent(
      /You were signed out from elsewhere/,
    );
    await submitSignIn(user);
    await waitFor(() => expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument());
  });

  it('a bad token (UNAUTHORIZED) or one’s own sign-out leads to sign-in without a reason', async () => {
    localStorage.setItem('token', 'forged');
    mockApi({
      'GET /api/user/signin_token': () =>
        json(401, { ok: false, code: 'UNAUTHORIZED', message: 'Unauthorized' }),
    });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(await screen.findByLabelText('Email')).toBeVisible();
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
  });

  it('takes an account the firm requires two-factor of to the enrolment, then in once the recovery codes were shown', async () => {
    const user = userEvent.setup();
    const recoveryCodes = ['abcd-efgh-ijkl', 'mnop-qrst-uvwx'];
    let confirmAnswer = json(400, {
      ok: false,
      code: 'INVALID_CREDENTIALS',
      message: 'The code is wrong or was used already',
      details: [{ field: 'code', message: 'code is wrong or was used already' }],
    });
    const calls = mockApi({
      'POST /api/user/signin': () => enrolmentRequired('enrol-token'),
      'POST /api/user/totp/enrolment': () =>
        json(200, {
          ok: true,
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauthUrl: 'otpauth://x',
            qrCode: 'data:image/png;base64,AA',
          },
        }),
      'POST /api/user/totp/enrolment/confirm': () => confirmAnswer,
      'GET /api/user/signin_token': () => json(200, { ok: true, token: 'fresh', data: aoife }),
    });
    const { router } = renderApp('/auth/signin');
    await submitSignIn(user);

    expect(
      await screen.findByRole('img', { name: 'QR code of the two-factor secret' }),
    ).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    expect(await screen.findByText('code is wrong or was used already')).toBeVisible();

    confirmAnswer = json(200, {
      ok: true,
      token: 'session-token',
      data: { ...aoife, totpEnabled: true },
      recoveryCodes,
    });
    await user.clear(screen.getByLabelText('Code from the app'));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    // The codes stay on screen until the user says they have kept them.
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('abcd-efgh-ijkl');
    expect(router.state.location.pathname).toBe('/auth/signin');
    await user.click(screen.getByRole('button', { name: 'I have kept them: continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      calls
        .filter((call) => call.path.startsWith('/api/user/totp/enrolment'))
        .map((call) => [call.path, call.body]),
    ).toEqual([
      ['/api/user/totp/enrolment', { enrolmentToken: 'enrol-token' }],
      ['/api/user/totp/enrolment/confirm', { enrolmentToken: 'enrol-token', code: '000000' }],
      ['/api/user/totp/enrolment/confirm', { enrolmentToken: 'enrol-token', code: '123456' }],
    ]);
  });

  it('an enrolment token that expired sends the user back to the sign-in form', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'POST /api/user/signin': () => enrolmentRequired('old-token'),
      'POST /api/user/totp/enrolment': () =>
        json(400, { ok: false, code: 'INVALID_TOKEN', message: 'This link is not valid any more' }),
    });
    renderApp('/auth/signin');
    await submitSignIn(user);
    expect(
      await screen.findByText('This set-up has expired: sign in again to start a new one.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByLabelText('Email')).toBeVisible();
    // One start per token, even under React's development double effects.
    expect(calls.filter((call) => call.path === '/api/user/totp/enrolment')).toHaveLength(1);
  });
});
