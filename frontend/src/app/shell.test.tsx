import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { aoife, deferred, json, mockApi, renderApp } from '../test/render';
import { ErrorPage } from './ErrorPage';

const session =
  (token = 'fresh') =>
  () =>
    json(200, { ok: true, token, data: aoife });
const unauthorized = () =>
  json(401, { ok: false, code: 'UNAUTHORIZED', message: 'Sign in to continue' });

describe('session guard', () => {
  it('shows a spinner while the session is checked, then redirects to /auth/signin on 401', async () => {
    localStorage.setItem('token', 'expired');
    const answer = deferred<Response>();
    const calls = mockApi({ 'GET /api/user/signin_token': () => answer.promise });
    const { router } = renderApp('/');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    answer.resolve(unauthorized());

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(calls[0].authorization).toBe('JWT expired');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('redirects to /auth/signin without asking the server when no token is stored', async () => {
    const calls = mockApi({});
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(calls).toHaveLength(0);
  });

  it('shows the navigation with the user full name and the page when signin_token answers ok', async () => {
    localStorage.setItem('token', 'stored');
    const calls = mockApi({ 'GET /api/user/signin_token': session('fresh') });
    renderApp('/');

    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Aoife Murphy' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Registra' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Toggle navigation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Aoife Murphy' })).toBeVisible();
    expect(calls[0].authorization).toBe('JWT stored');
    // The answer's token replaces the stored one.
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('unfolds the narrow-screen menu with its button, marks the current page and folds on a choice', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': session() });
    const { router } = renderApp('/');

    const nav = await screen.findByRole('navigation');
    const toggle = within(nav).getByRole('button', { name: 'Toggle navigation' });
    const menu = nav.querySelector('#main-navigation');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveClass('show');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('show');

    await user.click(within(nav).getByRole('link', { name: 'Aoife Murphy' }));
    expect(router.state.location.pathname).toBe('/account');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveClass('show');
    // The router renders the new location in a transition: the links follow a moment later.
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current'),
    );
    expect(within(nav).getByRole('link', { name: 'Aoife Murphy' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('sends a signed-in visitor of /auth/signin to the home page', async () => {
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': session() });
    const { router } = renderApp('/auth/signin');
    expect(await screen.findByRole('heading', { name: 'Welcome, Aoife Murphy' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the sign-in form when the stored token is refused there', async () => {
    localStorage.setItem('token', 'expired');
    mockApi({ 'GET /api/user/signin_token': unauthorized });
    const { router } = renderApp('/signup');
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('sign-out', () => {
  it('tells the server, clears the token and returns to sign-in', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    const calls = mockApi({
      'GET /api/user/signin_token': session('fresh'),
      'POST /api/user/logout': () => json(200, { ok: true }),
    });
    const { router } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/user/logout',
      authorization: 'JWT fresh',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears the token even when the server cannot be told', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    mockApi({
      'GET /api/user/signin_token': session('fresh'),
      'POST /api/user/logout': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { router } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('routing', () => {
  it('redirects an unknown path to / (and so to sign-in when signed out)', async () => {
    mockApi({});
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('shows "Unexpected Application Error" with the error text', async () => {
    // React and the router log the thrown error; that noise is the expected outcome here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('Something broke');
    };
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <ErrorPage /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error' }),
    ).toBeVisible();
    expect(screen.getByText('Something broke')).toBeVisible();
  });
});
