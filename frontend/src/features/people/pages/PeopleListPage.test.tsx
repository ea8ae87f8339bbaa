import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { listAnswer, makePerson, signIn } from '../../../test/fixtures';
import { expectLinks } from '../../../test/queries';

const mary = makePerson({
  _id: 'p2',
  firstName: 'Mary',
  lastName: "O'Brien",
  vif: false,
  nationality: 'british',
  country: 'united kingdom',
});
const siobhan = makePerson();

function mockPeople(answer = listAnswer([siobhan, mary], 1, 3)) {
  const calls = mockApi({
    ...signIn(),
    'POST /api/people/search': () => json(200, answer),
  });
  const searches = () => calls.filter((call: Call) => call.path === '/api/people/search');
  return { calls, searches };
}

describe('people list', () => {
  it('lists people with their columns, newest first by default', async () => {
    const { searches } = mockPeople();
    renderApp('/people');

    const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
    const row = (await screen.findByRole('link', { name: "Mary O'Brien" })).closest('tr')!;
    // Stored lower-case, shown as names.
    expect(within(row).getByText('British')).toBeVisible();
    expect(within(row).getByText('United Kingdom')).toBeVisible();
    expect(within(row).queryByText('british')).toBeNull();
    expect(within(row).getByText('OFF')).toBeVisible();
    expect(within(rowOf('Siobhán Kelly')).getByText('ON')).toBeVisible();
    expect(within(rowOf('Siobhán Kelly')).getByText('10/01/2026')).toBeVisible();
    for (const name of ['First Name', 'Last Name', 'Email', 'Created At']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    expect(screen.getByRole('columnheader', { name: 'Nationality' })).toBeVisible();
    expect(searches()[0].body).toEqual({
      sortField: 'createdAt',
      sortOrder: 'desc',
      page: 1,
      limit: 25,
    });
  });

  it.each([
    // A text's matches are counted up to 1 000, other filters' up to 10 000.
    ['/people?search=kel', 1_000, /^People 1 000\+$/],
    ['/people?country=ireland', 10_000, /^People 10 000\+$/],
  ])(
    'says the bound and "+" when the server counted only up to it (%s)',
    async (path, bound, shown) => {
      mockPeople({
        ...listAnswer([siobhan, mary], 1, 401),
        totalItems: bound,
        totalItemsIsLowerBound: true,
      });
      renderApp(path);
      const heading = await screen.findByRole('heading', { name: /^People/ });
      // A no-break space, which the matcher reads as a space.
      await waitFor(() => expect(heading).toHaveTextContent(shown));
    },
  );

  it('says an exact total as it is', async () => {
    mockPeople({ ...listAnswer([siobhan, mary]), totalItems: 10_000 });
    renderApp('/people?search=kel');
    const heading = await screen.findByRole('heading', { name: /^People/ });
    await waitFor(() => expect(heading).toHaveTextContent(/^People 10000$/));
  });

  it('sends one search 300 ms after typing, back on page 1', async () => {
    const user = userEvent.setup();
    const { searches } = mockPeople();
    renderApp('/people?page=3');

    await screen.findByRole('link', { name: "Mary O'Brien" });
    expect(searches()).toHaveLength(1);
    expect(searches()[0].body).toMatchObject({ page: 3 });

    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'mary');
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1].body).toMatchObject({ search: 'mary', page: 1 });
    // No call per keystroke, and none later.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches()).toHaveLength(2);
  });

  it('filters by country, and "Reset filters" clears search, country, sort and page', async () => {
    const user = userEvent.setup();
    const { searches } = mockPeople();
    const { router } = renderApp('/people?search=kelly&sort=lastName&order=asc&page=2');

    await screen.findByRole('link', { name: "Mary O'Brien" });
    expect(searches()[0].body).toEqual({
      search: 'kelly',
      sortField: 'lastName',
      sortOrder: 'asc',
      page: 2,
      limit: 25,
    });
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('kelly');

    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'irel');
    await user.click(await screen.findByRole('option', { name: 'Ireland' }));
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ country: 'ireland', page: 1 }),
    );

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() =>
      expect(searches().at(-1)?.body).toEqual({
        sortField: 'createdAt',
        sortOrder: 'desc',
        page: 1,
        limit: 25,
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveValue('');
    expect(screen.getByText('Select a country')).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it('toggles the sort order when a column header is clicked again', async () => {
    const user = userEvent.setup();
    const { searches } = mockPeople();
    renderApp('/people?page=2');
    await screen.findByRole('link', { name: "Mary O'Brien" });

    await user.click(screen.getByRole('button', { name: /^First Name/ }));
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({
        sortField: 'firstName',
        sortOrder: 'asc',
        page: 1,
      }),
    );
    expect(screen.getByRole('columnheader', { name: /First Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: /^First Name/ }));
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ sortField: 'firstName', sortOrder: 'desc' }),
    );
    await user.click(screen.getByRole('button', { name: /^Created At/ }));
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ sortField: 'createdAt', sortOrder: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: /^Created At/ }));
    await waitFor(() =>
      expect(searches().at(-1)?.body).toMatchObject({ sortField: 'createdAt', sortOrder: 'desc' }),
    );
  });

  it('opens a person from a row, remembering the filtered list', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signIn(),
      'POST /api/people/search': () => json(200, listAnswer([siobhan, mary])),
      'GET /api/people/p2': () => json(200, { ok: true, data: mary }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    });
    const { router } = renderApp('/people?search=mary');

    await user.click(await screen.findByRole('link', { name: "Mary O'Brien" }));
    expect(await screen.findByRole('heading', { name: "Mary O'Brien" })).toBeVisible();
    expect(router.state.location.pathname).toBe('/people/p2');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/people'));
    expect(router.state.location.search).toBe('?search=mary');
  });

  it('shows "Error fetching people" when the search fails', async () => {
    mockApi({
      ...signIn(),
      'POST /api/people/search': () =>
        json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'Boom' }),
    });
    renderApp('/people');
    // Toasts stay transparent in jsdom (it measures no height): presence is what can be checked.
    expect(await screen.findByText('Error fetching people')).toBeInTheDocument();
  });

  it('creates a person from "New People" and opens it', async () => {
    const user = userEvent.setup();
    const created = makePerson({ _id: 'p9', firstName: 'Niamh', lastName: 'Byrne' });
    const calls = mockApi({
      ...signIn(),
      'POST /api/people/search': () => json(200, listAnswer([siobhan])),
      'POST /api/people': () => json(200, { ok: true, data: created }),
      'GET /api/people/p9': () => json(200, { ok: true, data: created }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    });
    const { router } = renderApp('/people');

    await user.click(await screen.findByRole('button', { name: 'New People' }));
    const dialog = await screen.findByRole('dialog');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('First Name'), ' Niamh ');
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Last Name'), 'Byrne');
    await user.click(create);

    expect(await screen.findByText('Created!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/p9'));
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/api/people')?.body,
    ).toEqual({
      firstName: 'Niamh',
      lastName: 'Byrne',
    });
  });

  it('lists duplicate groups with links to each member', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signIn(),
      'POST /api/people/search': () => json(200, listAnswer([siobhan])),
      'GET /api/people/duplicates': () =>
        json(200, {
          ok: true,
          data: [
            {
              _id: 'siobhankelly',
              count: 2,
              people: [
                {
                  contactId: 'p1',
                  firstName: 'Siobhán',
                  lastName: 'Kelly',
                  mail: 'siobhan@example.ie',
                  originalLastName: 'Kelly',
                  normalizedFirstName: 'siobhan',
                  createdAt: '2026-01-10T09:00:00.000Z',
                },
                {
                  contactId: 'p3',
                  firstName: 'siobhan',
                  lastName: 'KELLY',
                  mail: null,
                  originalLastName: 'KELLY',
                  normalizedFirstName: 'siobhan',
                  createdAt: '2026-01-11T09:00:00.000Z',
                },
              ],
            },
          ],
        }),
    });
    renderApp('/people');

    await user.click(await screen.findByRole('button', { name: 'Duplicates' }));
    const group = await screen.findByRole('region', { name: 'Duplicate group siobhankelly' });
    expect(within(group).getByText('2')).toBeVisible();
    expectLinks(group, { 'Siobhán Kelly': '/people/p1', 'siobhan KELLY': '/people/p3' });
    expect(within(group).getByText('siobhan@example.ie')).toBeVisible();
  });
});
