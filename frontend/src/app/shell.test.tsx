import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '../test/matchMedia';
import { aoife, deferred, json, mockApi, renderApp } from '../test/render';
import { ErrorPage } from './ErrorPage';
import { expectLinks } from '../test/queries';

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

  it('shows the top bar, the side navigation and the page when signin_token answers ok', async () => {
    localStorage.setItem('token', 'stored');
    const calls = mockApi({ 'GET /api/user/signin_token': session('fresh') });
    renderApp('/');

    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Registra' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('combobox', { name: /^Search/ })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Aoife Murphy' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome, Aoife Murphy' })).toBeVisible();
    expect(calls[0].authorization).toBe('JWT stored');
    // The answer's token replaces the stored one.
    expect(localStorage.getItem('token')).toBe('fresh');
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

    await user.click(await screen.findByRole('button', { name: 'Aoife Murphy' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

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

    await user.click(await screen.findByRole('button', { name: 'Aoife Murphy' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

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

/** Each group's heading and its links, as a screen reader lists them. */
function groupsOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('list')
    .map((list) => ({
      group: list.getAttribute('aria-labelledby')
        ? document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent
        : null,
      links: within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    }));
}

// The test window is narrow (src/test/setup.ts answers no to every media query): a phone's.
describe('side navigation', () => {
  const work = {
    group: 'Work',
    links: [
      ['Home', '/'],
      ['Task', '/task'],
      ['Calendar', '/calendar'],
      ['Overview', '/overview'],
    ],
  };
  const clients = {
    group: 'Clients',
    links: [
      ['Organizations', '/organization'],
      ['People', '/people'],
      ['Follow-ups', '/followUp'],
      ['Subscriptions', '/subscription'],
      ['Orders', '/order'],
    ],
  };
  const communication = {
    group: 'Communication',
    links: [
      ['Forms', '/form'],
      ['Emails', '/email'],
    ],
  };

  it.each([
    [
      'staff',
      aoife,
      [work, clients, communication, { group: 'Administration', links: [['Import', '/import']] }],
    ],
    [
      'an administrator',
      { ...aoife, role: 'admin' as const },
      [
        work,
        clients,
        communication,
        {
          group: 'Administration',
          links: [
            ['Import', '/import'],
            ['Activity', '/activity'],
            ['Users', '/users'],
            ['Retention', '/retention'],
          ],
        },
      ],
    ],
  ])('shows %s every destination in its labelled group', async (_who, me, groups) => {
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': () => json(200, { ok: true, token: 't', data: me }) });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(groupsOf(nav)).toEqual(groups);
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(groups.map((group) => group.group));
  });

  it('marks the current place, a record’s page under its list, and Home only at home', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': session() });
    const { router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const current = () =>
      within(nav)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
    expect(current()).toEqual(['Home']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveClass('active');

    await user.click(within(nav).getByRole('link', { name: 'Calendar' }));
    expect(router.state.location.pathname).toBe('/calendar');
    // The router renders the new location in a transition: the links follow a moment later.
    await waitFor(() => expect(current()).toEqual(['Calendar']));
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toHaveClass('active');

    await router.navigate('/organization/0b6f3c1e-3f8a-4a55-9d2a-2f0d3c6a7b10');
    await waitFor(() => expect(current()).toEqual(['Organizations']));
  });

  it('opens on a phone from the Menu button, and Escape folds it back onto the button', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': session() });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toHaveClass('open');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('open');
    // Focus goes into the menu; the page behind is out of reach until it folds.
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(screen.getByRole('main', { hidden: true })).toHaveAttribute('inert');
    await user.tab();
    expect(within(nav).getByRole('link', { name: 'Task' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toHaveClass('open');
    expect(menu).toHaveFocus();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('folds on a phone once a destination is chosen', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': session() });
    const { router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(within(nav).getByRole('link', { name: 'Overview' }));
    expect(router.state.location.pathname).toBe('/overview');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(nav).not.toHaveClass('open');
  });

  it('is always beside the page on a wide screen: the Menu button opens no overlay there', async () => {
    const user = userEvent.setup();
    const narrow = window.matchMedia;
    window.matchMedia = fakeMatchMedia((query) => query === '(min-width: 992px)');
    try {
      localStorage.setItem('token', 'stored');
      mockApi({ 'GET /api/user/signin_token': session() });
      renderApp('/');
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      expect(nav).not.toHaveClass('open');
      expect(screen.getByRole('main')).not.toHaveAttribute('inert');
    } finally {
      window.matchMedia = narrow;
    }
  });
});

describe('account menu', () => {
  it.each([
    ['staff', aoife, ['Account']],
    ['an administrator', { ...aoife, role: 'admin' as const }, ['Account', 'Users']],
  ])(
    'shows %s their account, the staff accounts for administrators, and Sign out',
    async (_who, me, links) => {
      const user = userEvent.setup();
      localStorage.setItem('token', 'stored');
      mockApi({
        'GET /api/user/signin_token': () => json(200, { ok: true, token: 't', data: me }),
      });
      renderApp('/');
      const account = await screen.findByRole('navigation', { name: 'Account' });
      const toggle = within(account).getByRole('button', { name: 'Aoife Murphy' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(within(account).queryByRole('link')).toBeNull();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const list = within(account).getByRole('list');
      expect(list).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(links);
      expectLinks(list, { Account: '/account' });
      expect(within(list).getByRole('button', { name: 'Sign out' })).toBeEnabled();
      // One Sign out in the whole signed-in area.
      expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
    },
  );

  it('opens the account page and folds; Escape folds it onto its button', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': session() });
    const { router } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Aoife Murphy' });

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Account' }));
    expect(router.state.location.pathname).toBe('/account');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('folds when the pointer or focus goes elsewhere', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'stored');
    mockApi({ 'GET /api/user/signin_token': session() });
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Aoife Murphy' });
    await user.click(toggle);
    await user.click(screen.getByRole('heading', { name: 'Welcome, Aoife Murphy' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(screen.getByRole('combobox', { name: /^Search/ }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
