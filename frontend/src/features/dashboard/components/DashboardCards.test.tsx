import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, json, mockApi, renderApp } from '../../../test/render';
import { makePerson, signIn } from '../../../test/fixtures';
import { fillAndCreate } from '../../../test/linkDialogs';
import { expectLinks } from '../../../test/queries';

const NOW = new Date('2026-03-10T12:00:00.000Z');

const organizations = Array.from({ length: 5 }, (_, index) => ({
  _id: `o${index + 1}`,
  name: `Company ${index + 1} Limited`,
  incorporationDate: index === 0 ? '2025-06-15' : null,
  nextArReminder: index === 0 ? '2026-12-15' : null,
  createdAt: '2026-03-01T09:00:00.000Z',
}));

// Created 0, 1, 2, 3 and 30 days before NOW (Dublin calendar days).
const people = [
  makePerson({
    _id: 'p1',
    firstName: 'Aisling',
    lastName: 'Walsh',
    createdAt: '2026-03-10T08:00:00.000Z',
  }),
  makePerson({
    _id: 'p2',
    firstName: 'Brian',
    lastName: 'Doyle',
    createdAt: '2026-03-09T23:30:00.000Z',
  }),
  makePerson({
    _id: 'p3',
    firstName: 'Ciara',
    lastName: 'Ryan',
    createdAt: '2026-03-08T12:00:00.000Z',
  }),
  makePerson({
    _id: 'p4',
    firstName: 'Declan',
    lastName: 'Byrne',
    createdAt: '2026-03-07T12:00:00.000Z',
  }),
  makePerson({
    _id: 'p5',
    firstName: 'Eimear',
    lastName: 'Nolan',
    createdAt: '2026-02-08T12:00:00.000Z',
  }),
];

const dashboard = () =>
  json(200, {
    ok: true,
    data: {
      organizations: { total: 42, recent: organizations },
      people: { total: 17, recent: people },
    },
  });

describe('dashboard cards', () => {
  beforeEach(() => {
    // Only the clock: "N days ago" is counted from today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('while the answer is on its way, each card holds a line as tall as its total', async () => {
    const pending = deferred<Response>();
    mockApi({ ...signIn(), 'GET /api/dashboard': () => pending.promise });
    renderApp('/');

    for (const name of ['organizations', 'people']) {
      const loading = await screen.findByTestId(`${name}-loading`);
      expect(within(loading).getByRole('status')).toHaveTextContent('Loading...');
      // The total's own size (display-6) keeps the line's height.
      expect(loading.querySelector('.display-6')).not.toBeNull();
    }
    pending.resolve(dashboard());
    expect(await screen.findByTestId('organizations-total')).toHaveTextContent('42');
    expect(screen.queryByTestId('organizations-loading')).toBeNull();
  });

  it('Organizations card: total, "View all", five links with incorporation and next AR dates', async () => {
    mockApi({ ...signIn(), 'GET /api/dashboard': dashboard });
    renderApp('/');

    const card = await screen.findByRole('region', { name: 'Organizations' });
    expect(await within(card).findByTestId('organizations-total')).toHaveTextContent('42');
    expectLinks(card, { 'View all': '/organization' });
    const links = within(card).getAllByRole('link', { name: /Company \d Limited/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/organization/o1',
      '/organization/o2',
      '/organization/o3',
      '/organization/o4',
      '/organization/o5',
    ]);
    const first = links[0].closest('.list-group-item') as HTMLElement;
    expect(first).toHaveTextContent('Incorporation: 15/06/2025');
    expect(first).toHaveTextContent('Next AR reminder: 15/12/2026');
    expect(links[1].closest('.list-group-item')).toHaveTextContent('Incorporation: —');
    expect(screen.getByRole('heading', { name: 'Welcome, Aoife Murphy' })).toBeVisible();
  });

  it('People card: total, "View all", five links with "Created N days ago"', async () => {
    mockApi({ ...signIn(), 'GET /api/dashboard': dashboard });
    renderApp('/');

    const card = await screen.findByRole('region', { name: 'People' });
    expect(await within(card).findByTestId('people-total')).toHaveTextContent('17');
    expect(within(card).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/people');
    const links = within(card)
      .getAllByRole('link')
      .filter((link) => link.textContent !== 'View all');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Aisling Walsh', '/people/p1'],
      ['Brian Doyle', '/people/p2'],
      ['Ciara Ryan', '/people/p3'],
      ['Declan Byrne', '/people/p4'],
      ['Eimear Nolan', '/people/p5'],
    ]);
    const ages = links.map((link) =>
      link.closest('.list-group-item')?.textContent?.replace(link.textContent ?? '', ''),
    );
    expect(ages).toEqual([
      'Created 0 days ago',
      // 23:30 UTC on 9 March is still 9 March in Dublin (GMT in winter).
      'Created 1 day ago',
      'Created 2 days ago',
      'Created 3 days ago',
      'Created 30 days ago',
    ]);
  });

  it('People card create button: New People → POST /people → the new person', async () => {
    const user = userEvent.setup();
    const created = makePerson({ _id: 'p9', firstName: 'Fionn', lastName: 'Quinn' });
    const calls = mockApi({
      ...signIn(),
      'GET /api/dashboard': dashboard,
      'POST /api/people': () => json(200, { ok: true, data: created }),
      'GET /api/people/p9': () => json(200, { ok: true, data: created }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    });
    const { router } = renderApp('/');

    const card = await screen.findByRole('region', { name: 'People' });
    await user.click(within(card).getByRole('button', { name: 'New People' }));
    const dialog = await screen.findByRole('dialog', { name: 'New People' });
    await fillAndCreate(user, dialog, { 'First Name': 'Fionn', 'Last Name': 'Quinn' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/people/p9'));
    expect(await screen.findByText('Created!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/people')?.body).toEqual({
      firstName: 'Fionn',
      lastName: 'Quinn',
    });
  });

  it('Organizations card create button: New Organization → "Organization Created!" → its page', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...signIn(),
      'GET /api/dashboard': dashboard,
      'POST /api/organization': () =>
        json(200, { ok: true, data: { _id: 'o9', name: 'Delta Limited' } }),
      'GET /api/organization/o9': () =>
        json(200, { ok: true, data: { _id: 'o9', name: 'Delta Limited' } }),
    });
    const { router } = renderApp('/');

    const card = await screen.findByRole('region', { name: 'Organizations' });
    await user.click(within(card).getByRole('button', { name: 'New Organization' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Organization' });
    // No roles when created from the dashboard.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await fillAndCreate(user, dialog, { Name: 'Delta Limited' });

    expect(await screen.findByText('Organization Created!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/o9'));
    expect(calls.find((call) => call.path === '/api/organization')?.body).toEqual({
      name: 'Delta Limited',
    });
  });

  it('"Failed to create person" when the server gives no message', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signIn(),
      'GET /api/dashboard': dashboard,
      'POST /api/people': () => new Response('oops', { status: 502 }),
    });
    renderApp('/');

    const card = await screen.findByRole('region', { name: 'People' });
    await user.click(within(card).getByRole('button', { name: 'New People' }));
    const dialog = await screen.findByRole('dialog', { name: 'New People' });
    await fillAndCreate(user, dialog, { 'First Name': 'A', 'Last Name': 'B' });
    expect(await screen.findByText('Failed to create person')).toBeInTheDocument();
  });
});
