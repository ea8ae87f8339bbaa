import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { listAnswer, signIn } from '../../../test/fixtures';
import { makeOrganization } from '../testFixtures';
import { choicesOf, expectLinks } from '../../../test/queries';

const emerald = makeOrganization({
  incorporationDate: '2025-03-14',
  firstAr: '2025-09-14',
  nextArReminder: '2026-09-14',
  creationStatus: 'SOMETHING_OLD',
  users: [{ userId: 'u1', userName: 'Aoife Murphy' }],
});

const searches = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/organization/search').map((call) => call.body);
const lastSearch = (calls: Call[]) => searches(calls).at(-1) as Record<string, unknown>;

/** The search of the list's first page, newest first, with no filter. */
const FIRST_PAGE = { sortField: 'createdAt', sortOrder: 'desc', page: 1, limit: 25 };

function mockList(extra: Record<string, (call: Call) => Response | Promise<Response>> = {}) {
  return mockApi({
    ...signIn(),
    'POST /api/organization/search': () => json(200, listAnswer([emerald], 1, 4)),
    ...extra,
  });
}

describe('organization list', () => {
  it('shows the table with dd/MM/yyyy dates and Not set for an unknown creation status', async () => {
    mockList();
    renderApp('/organization');

    const row = (await screen.findByRole('link', { name: 'Emerald Isle Trading Ltd' })).closest(
      'tr',
    )!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Emerald Isle Trading Ltd',
      '654321',
      '14/03/2025',
      '14/09/2025',
      '14/09/2026',
      'Not set',
      'Aoife Murphy',
      '10/01/2026',
    ]);
  });

  it('shows a known creation status in words, not its code', async () => {
    mockList({
      'POST /api/organization/search': () =>
        json(200, listAnswer([{ ...emerald, creationStatus: 'STRIKE_OFF' }], 1, 1)),
    });
    renderApp('/organization');
    const row = (await screen.findByRole('link', { name: 'Emerald Isle Trading Ltd' })).closest(
      'tr',
    )!;
    expect(within(row).getByText('Strike off')).toBeInTheDocument();
    expect(within(row).queryByText('STRIKE_OFF')).toBeNull();
  });

  it('searches once, debounced, and goes back to page 1', async () => {
    const user = userEvent.setup();
    const calls = mockList();
    renderApp('/organization?page=3');

    await screen.findByText('Emerald Isle Trading Ltd');
    expect(lastSearch(calls)).toMatchObject({ page: 3, sortField: 'createdAt', sortOrder: 'desc' });

    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'emer');
    await waitFor(() => expect(lastSearch(calls)).toMatchObject({ search: 'emer', page: 1 }));
    // One call for the whole word, none per keystroke.
    expect(searches(calls).filter((body) => (body as { search?: string }).search)).toHaveLength(1);
  });

  it('sends every filter of the Filters panel, and Reset filters clears them', async () => {
    const user = userEvent.setup();
    const calls = mockList();
    renderApp('/organization?page=2');
    await screen.findByText('Emerald Isle Trading Ltd');

    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    fireEvent.change(screen.getByLabelText('Next AR reminder within (months, overdue included)'), {
      target: { value: '3' },
    });
    await waitFor(() =>
      expect(lastSearch(calls)).toMatchObject({ nextArReminderMonths: 3, page: 1 }),
    );

    // Every choice in words, the codes only in what is sent.
    expect(choicesOf('First AR status')).toEqual(['All', 'Done', 'Pending']);
    expect(choicesOf('Creation status')).toEqual([
      'All',
      'In progress',
      'Completed',
      'Strike off',
      'Late',
      'Not set',
    ]);
    expect(choicesOf('AML risk')).toEqual(['All', 'High', 'Medium', 'Low', 'Not assessed']);
    expect(choicesOf('Signup app')).toEqual([
      'All',
      'OK (registered)',
      'Late (not registered)',
      'Stopped',
    ]);
    await user.selectOptions(screen.getByLabelText('First AR status'), 'done');
    await user.selectOptions(screen.getByLabelText('Bilan (balance sheet)'), 'no');
    await user.selectOptions(screen.getByLabelText('Creation status'), 'N/A');
    await user.selectOptions(screen.getByLabelText('Signup app'), 'late');
    await user.selectOptions(screen.getByLabelText('AR column'), 'firstAr');
    fireEvent.change(screen.getByLabelText('AR on or before'), { target: { value: '30/06/2026' } });
    await waitFor(() => expect(lastSearch(calls)).toHaveProperty('arDate', '2026-06-30'));
    await user.click(screen.getByRole('checkbox', { name: 'Late paid reminders' }));

    await waitFor(() =>
      expect(lastSearch(calls)).toEqual({
        ...FIRST_PAGE,
        nextArReminderMonths: 3,
        status: true,
        bilan: false,
        creationStatus: 'N/A',
        finotor: 'late',
        arColumn: 'firstAr',
        arDate: '2026-06-30',
        latePaidReminders: true,
      }),
    );
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('7');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastSearch(calls)).toEqual(FIRST_PAGE));
    expect(screen.getByLabelText('Next AR reminder within (months, overdue included)')).toHaveValue(
      null,
    );
  });

  it('filters by an assigned user chosen among the staff users', async () => {
    const user = userEvent.setup();
    const calls = mockList();
    renderApp('/organization?page=2');
    await screen.findByText('Emerald Isle Trading Ltd');

    await user.click(screen.getByRole('combobox', { name: 'Filter by user' }));
    await user.click(await screen.findByRole('option', { name: 'Aoife Murphy' }));
    await waitFor(() => expect(lastSearch(calls)).toMatchObject({ user: 'u1', page: 1 }));
    expect(calls.find((call) => call.path === '/api/user/search')?.body).toEqual({ limit: 50 });
  });

  it('sorts by a column, toggling ascending and descending', async () => {
    const user = userEvent.setup();
    const calls = mockList();
    renderApp('/organization');
    await screen.findByText('Emerald Isle Trading Ltd');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(lastSearch(calls)).toMatchObject({ sortField: 'name', sortOrder: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() =>
      expect(lastSearch(calls)).toMatchObject({ sortField: 'name', sortOrder: 'desc' }),
    );
  });

  it('opens a row remembering the filtered list it came from', async () => {
    const user = userEvent.setup();
    mockList({
      'GET /api/organization/o1': () => json(200, { ok: true, data: emerald }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    });
    const { router } = renderApp('/organization?bilan=yes');

    await user.click(await screen.findByText('654321'));
    expect(await screen.findByRole('heading', { name: 'Emerald Isle Trading Ltd' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/organization/o1');
    expect(router.state.location.state).toEqual({ from: '/organization?bilan=yes' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).toBe('?bilan=yes'));
  });

  it('says "Error fetching organizations" when the search fails', async () => {
    mockList({
      'POST /api/organization/search': () =>
        json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'boom' }),
    });
    renderApp('/organization');
    expect(await screen.findAllByText('Error fetching organizations')).not.toHaveLength(0);
  });

  it('lists duplicate groups with links, or says "Error fetching duplicates"', async () => {
    const user = userEvent.setup();
    let fail = false;
    mockList({
      'GET /api/organization/duplicates': () =>
        fail
          ? json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'boom' })
          : json(200, {
              ok: true,
              data: [
                {
                  _id: 'emerald',
                  count: 2,
                  organizations: ['Emerald Ltd', 'emerald limited'],
                  organizationIds: ['o1', 'o2'],
                },
              ],
            }),
    });
    renderApp('/organization');
    await screen.findByText('Emerald Isle Trading Ltd');

    await user.click(screen.getByRole('button', { name: 'Duplicates' }));
    const group = await screen.findByTestId('duplicate-group');
    expect(group).toHaveTextContent('2');
    expectLinks(group, {
      'Emerald Ltd': '/organization/o1',
      'emerald limited': '/organization/o2',
    });

    await user.click(screen.getByRole('button', { name: 'Close' }));
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Duplicates' }));
    expect(await screen.findAllByText('Error fetching duplicates')).not.toHaveLength(0);
  });

  it('creates an organization and opens it, or shows the failure', async () => {
    const user = userEvent.setup();
    const created = makeOrganization({ _id: 'o9', name: 'Shamrock Ltd' });
    let fail = true;
    const calls = mockList({
      'POST /api/organization': () =>
        fail
          ? json(400, { ok: false, code: 'VALIDATION_ERROR', message: 'name is too long' })
          : json(200, { ok: true, data: created }),
      'GET /api/organization/o9': () => json(200, { ok: true, data: created }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    });
    const { router } = renderApp('/organization');
    await screen.findByText('Emerald Isle Trading Ltd');

    await user.click(screen.getByRole('button', { name: 'New Organization' }));
    await user.type(screen.getByLabelText('Name'), 'Shamrock Ltd');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('name is too long')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Organization Created!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/o9'));
    expect(calls.filter((call) => call.path === '/api/organization').at(-1)?.body).toEqual({
      name: 'Shamrock Ltd',
    });
  });
});
