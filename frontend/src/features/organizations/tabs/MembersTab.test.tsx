import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import type { Member, ShareEntry } from '../types';
import { listAnswer, makeLink, signIn } from '../../../test/fixtures';
import { createThroughDialog, unlinkAndConfirm } from '../../../test/linkDialogs';
import { makeOrganization } from '../testFixtures';
import { expectLinks } from '../../../test/queries';

const siobhan: Member = makeLink(
  { peopleId: { _id: 'p1', firstName: 'Siobhán', lastName: 'Kelly' }, organizationId: 'o1' },
  { roles: ['director', 'shareholder'], beneficiaryPercentage: 60 },
);

function mockMembers(
  extra: Record<string, (call: Call) => Response> = {},
  members: Member[] = [siobhan],
  entries: ShareEntry[] = [],
) {
  return mockApi({
    ...signIn(),
    'GET /api/organization/o1': () => json(200, { ok: true, data: makeOrganization() }),
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: members }),
    'GET /api/organization/o1/share-entries': () => json(200, { ok: true, data: entries }),
    ...extra,
  });
}

const cian: Member = {
  _id: 'l2',
  peopleId: { _id: 'p2', firstName: 'Cian', lastName: 'Byrne' },
  organizationId: 'o1',
  roles: ['secretary'],
  beneficiaryPercentage: 0,
  appointedOn: '2019-04-01',
  ceasedOn: '2024-02-29',
  beneficialInterest: null,
  createdAt: '2019-04-01T09:00:00.000Z',
  updatedAt: '2024-02-29T09:00:00.000Z',
};

const allotment = (shares: number, toPeopleId: string): ShareEntry => ({
  _id: `e-${toPeopleId}`,
  kind: 'allotment',
  date: '2020-01-01',
  shareClassId: 'c1',
  shares,
  toPeopleId,
  organizationId: 'o1',
  fromPeopleId: null,
  b5Due: null,
  createdAt: '2020-01-01T09:00:00.000Z',
  updatedAt: '2020-01-01T09:00:00.000Z',
});

const bodyOf = (calls: Call[], method: string, path: string) =>
  calls.find((call) => call.method === method && call.path === path)?.body;

describe('organization members tab', () => {
  it('shows each linked person with roles, beneficiary % and a link to the person', async () => {
    const calls = mockMembers();
    renderApp('/organization/o1/PEOPLE_TAB');

    const card = await screen.findByTestId('member-card');
    expectLinks(card, { 'Siobhán Kelly': '/people/p1/INFORMATION' });
    expect(card).toHaveTextContent('Director');
    expect(card).toHaveTextContent('Shareholder');
    expect(card).toHaveTextContent('Beneficiary: 60%');
    expect(screen.getByRole('tab', { name: 'Members1' })).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/linkpeopleorganization/search')).toEqual({
      organizationId: 'o1',
    });
  });

  it('links a person from the picker, and says when the pair already exists', async () => {
    const user = userEvent.setup();
    let exists = true;
    const calls = mockMembers({
      'POST /api/people/search': () =>
        json(200, listAnswer([{ _id: 'p2', firstName: 'Cian', lastName: 'Byrne', mail: null }])),
      'POST /api/linkpeopleorganization': () =>
        exists
          ? json(409, { ok: false, code: 'LINK_ALREADY_EXISTS', message: 'exists' })
          : json(200, {
              ok: true,
              data: {
                _id: 'l2',
                peopleId: 'p2',
                organizationId: 'o1',
                roles: [],
                beneficiaryPercentage: 0,
              },
            }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await user.click(await screen.findByRole('button', { name: 'Link Person' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Cian Byrne');
    expect(bodyOf(calls, 'POST', '/api/people/search')).toEqual({
      search: '',
      page: 1,
      limit: 5,
      sortField: 'lastName',
      sortOrder: 'asc',
      picker: true,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(
      await screen.findByText('This person is already linked to this organization'),
    ).toBeInTheDocument();

    exists = false;
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Added!')).toBeInTheDocument();
    expect(bodyOf(calls, 'POST', '/api/linkpeopleorganization')).toEqual({
      peopleId: 'p2',
      organizationId: 'o1',
    });
  });

  it('edits the roles with a beneficiary percentage', async () => {
    const user = userEvent.setup();
    const calls = mockMembers({
      'PUT /api/linkpeopleorganization/l1': () =>
        json(200, {
          ok: true,
          data: { ...siobhan, peopleId: 'p1', roles: ['shareholder'], beneficiaryPercentage: 25 },
        }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await user.click(await screen.findByRole('button', { name: 'Edit Roles' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Director' }));
    const percentage = within(dialog).getByLabelText('Beneficiary %');
    await user.clear(percentage);
    await user.type(percentage, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Roles updated successfully!')).toBeInTheDocument();
    expect(bodyOf(calls, 'PUT', '/api/linkpeopleorganization/l1')).toEqual({
      roles: ['shareholder'],
      beneficiaryPercentage: 25,
      appointedOn: null,
      ceasedOn: null,
      beneficialInterest: null,
      updatedAt: '2026-01-12T09:00:00.000Z',
    });
  });

  it('shows current members first and former ones below, with their dates or "Not recorded"', async () => {
    mockMembers({}, [cian, siobhan]);
    renderApp('/organization/o1/PEOPLE_TAB');

    const current = await screen.findByTestId('member-card');
    expect(current).toHaveTextContent('Siobhán Kelly');
    expect(current).toHaveTextContent('Appointed:Not recorded');
    expect(within(current).getByRole('button', { name: 'End role' })).toBeInTheDocument();

    const former = within(screen.getByRole('region', { name: 'Former members' })).getByTestId(
      'former-member-card',
    );
    expect(former).toHaveTextContent('Cian Byrne');
    expect(former).toHaveTextContent('Appointed:01/04/2019');
    expect(former).toHaveTextContent('Ceased:29/02/2024');
    expect(within(former).queryByRole('button', { name: 'End role' })).not.toBeInTheDocument();
    // Current before former in the page's order.
    expect(current.compareDocumentPosition(former) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('ends a role on the date asked, "already filed" keeping the follow-up from starting', async () => {
    const user = userEvent.setup();
    const appointed = { ...siobhan, appointedOn: '2021-05-03', beneficialInterest: 'Owns 60 %' };
    const calls = mockMembers(
      {
        'PUT /api/linkpeopleorganization/l1': () =>
          json(200, { ok: true, data: { ...appointed, peopleId: 'p1', ceasedOn: '2026-10-31' } }),
      },
      [appointed],
    );
    renderApp('/organization/o1/PEOPLE_TAB');

    await user.click(await screen.findByRole('button', { name: 'End role' }));
    const dialog = await screen.findByRole('dialog', { name: 'End role' });
    const date = within(dialog).getByLabelText('Ceased on');
    // A day before the appointment is refused in words, before anything is sent.
    await user.clear(date);
    await user.type(date, '01/01/2020');
    await user.tab();
    expect(within(dialog).getByText('The role cannot end before it began.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '31/10/2026');
    await user.tab();
    await user.click(within(dialog).getByRole('checkbox', { name: /Already filed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'End role' }));

    expect(await screen.findByText('Role ended.')).toBeInTheDocument();
    expect(bodyOf(calls, 'PUT', '/api/linkpeopleorganization/l1')).toEqual({
      roles: ['director', 'shareholder'],
      beneficiaryPercentage: 60,
      appointedOn: '2021-05-03',
      ceasedOn: '2026-10-31',
      beneficialInterest: 'Owns 60 %',
      alreadyFiled: true,
      updatedAt: '2026-01-12T09:00:00.000Z',
    });
  });

  it("edits the appointment date and a beneficial owner's interest", async () => {
    const user = userEvent.setup();
    const calls = mockMembers({
      'PUT /api/linkpeopleorganization/l1': () =>
        json(200, { ok: true, data: { ...siobhan, peopleId: 'p1' } }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await user.click(await screen.findByRole('button', { name: 'Edit Roles' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Not recorded')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Appointed on'), '03/05/2021');
    await user.tab();
    await user.type(within(dialog).getByLabelText('Beneficial interest'), '60 % of the shares');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Roles updated successfully!')).toBeInTheDocument();
    expect(bodyOf(calls, 'PUT', '/api/linkpeopleorganization/l1')).toEqual({
      roles: ['director', 'shareholder'],
      beneficiaryPercentage: 60,
      appointedOn: '2021-05-03',
      ceasedOn: null,
      beneficialInterest: '60 % of the shares',
      updatedAt: '2026-01-12T09:00:00.000Z',
    });
  });

  it('says so when another change came first, and reads the members again', async () => {
    const user = userEvent.setup();
    const calls = mockMembers({
      'PUT /api/linkpeopleorganization/l1': () =>
        json(409, { ok: false, code: 'VERSION_CONFLICT', message: 'Version conflict' }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await user.click(await screen.findByRole('button', { name: 'End role' }));
    const dialog = await screen.findByRole('dialog', { name: 'End role' });
    await user.click(within(dialog).getByRole('button', { name: 'End role' }));
    expect(
      await screen.findByText('This record was changed by someone else. Reload it and try again.'),
    ).toBeInTheDocument();
    const searches = () =>
      calls.filter((call) => call.path === '/api/linkpeopleorganization/search').length;
    await waitFor(() => expect(searches()).toBe(2));
  });

  it("says the server's reason when it refuses the dates", async () => {
    const user = userEvent.setup();
    mockMembers({
      'PUT /api/linkpeopleorganization/l1': () =>
        json(400, {
          ok: false,
          code: 'VALIDATION_ERROR',
          message: 'A role cannot cease before it was appointed',
        }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await user.click(await screen.findByRole('button', { name: 'Edit Roles' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }),
    );
    expect(
      await screen.findByText('A role cannot cease before it was appointed'),
    ).toBeInTheDocument();
  });

  it('notes a stated percentage the shares disagree with, and only that one', async () => {
    const cianHolder: Member = {
      ...cian,
      _id: 'l3',
      roles: ['shareholder'],
      beneficiaryPercentage: 40,
      ceasedOn: null,
    };
    // Of 1,000 shares Siobhán holds 600 (her 60 % agrees), Cian 300 (not his 40 %).
    mockMembers(
      {},
      [siobhan, cianHolder],
      [allotment(600, 'p1'), allotment(300, 'p2'), allotment(100, 'p9')],
    );
    renderApp('/organization/o1/PEOPLE_TAB');

    const note = await screen.findByTestId('holding-note');
    expect(note).toHaveTextContent(
      'The shares held give 30 % (300 of 1,000), not the 40 % stated.',
    );
    expect(screen.getAllByTestId('holding-note')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Cian Byrne' })).toContainElement(note);
  });

  it('says "An error occurred while updating roles" when the save fails', async () => {
    const user = userEvent.setup();
    mockMembers({
      'PUT /api/linkpeopleorganization/l1': () =>
        json(500, { ok: false, code: 'INTERNAL_ERROR', message: 'boom' }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await user.click(await screen.findByRole('button', { name: 'Edit Roles' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }),
    );
    expect(await screen.findByText('An error occurred while updating roles')).toBeInTheDocument();
  });

  it('unlinks after "Are you sure you want to continue?"', async () => {
    const user = userEvent.setup();
    const calls = mockMembers({
      'DELETE /api/linkpeopleorganization/l1': () => json(200, { ok: true }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await unlinkAndConfirm(user, calls);
  });

  it('New People creates the person, links it with the two ids and opens it', async () => {
    const user = userEvent.setup();
    const calls = mockMembers({
      'POST /api/people': () =>
        json(200, { ok: true, data: { _id: 'p3', firstName: 'Niamh', lastName: 'Walsh' } }),
      'POST /api/linkpeopleorganization': () =>
        json(200, {
          ok: true,
          data: {
            _id: 'l3',
            peopleId: 'p3',
            organizationId: 'o1',
            roles: [],
            beneficiaryPercentage: 0,
          },
        }),
      'GET /api/people/p3': () => json(404, { ok: false, code: 'NOT_FOUND', message: 'Not found' }),
    });
    const { router } = renderApp('/organization/o1/PEOPLE_TAB');

    await createThroughDialog(user, 'New People', { 'First Name': 'Niamh', 'Last Name': 'Walsh' });

    expect(await screen.findByText('Created!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/p3'));
    expect(bodyOf(calls, 'POST', '/api/people')).toEqual({ firstName: 'Niamh', lastName: 'Walsh' });
    expect(bodyOf(calls, 'POST', '/api/linkpeopleorganization')).toEqual({
      peopleId: 'p3',
      organizationId: 'o1',
    });
  });

  it('says the server\'s message, or "Failed to create person", when the creation fails', async () => {
    const user = userEvent.setup();
    mockMembers({
      'POST /api/people': () =>
        json(400, { ok: false, code: 'VALIDATION_ERROR', message: 'lastName is too long' }),
    });
    renderApp('/organization/o1/PEOPLE_TAB');

    await createThroughDialog(user, 'New People', { 'First Name': 'Niamh', 'Last Name': 'Walsh' });
    expect(await screen.findByText('lastName is too long')).toBeInTheDocument();
  });
});
