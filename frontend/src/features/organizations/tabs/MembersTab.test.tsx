import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import type { Member } from '../types';
import { listAnswer, signIn } from '../../../test/fixtures';
import { makeOrganization } from '../testFixtures';

const siobhan: Member = {
  _id: 'l1',
  peopleId: { _id: 'p1', firstName: 'Siobhán', lastName: 'Kelly' },
  organizationId: 'o1',
  roles: ['director', 'shareholder'],
  beneficiaryPercentage: 60,
  appointedOn: null,
  ceasedOn: null,
  beneficialInterest: null,
  createdAt: '2026-01-12T09:00:00.000Z',
  updatedAt: '2026-01-12T09:00:00.000Z',
};

function mockMembers(extra: Record<string, (call: Call) => Response> = {}) {
  return mockApi({
    ...signIn(),
    'GET /api/organization/o1': () => json(200, { ok: true, data: makeOrganization() }),
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [siobhan] }),
    ...extra,
  });
}

const bodyOf = (calls: Call[], method: string, path: string) =>
  calls.find((call) => call.method === method && call.path === path)?.body;

describe('organization members tab', () => {
  it('shows each linked person with roles, beneficiary % and a link to the person', async () => {
    const calls = mockMembers();
    renderApp('/organization/o1/PEOPLE_TAB');

    const card = await screen.findByTestId('member-card');
    expect(within(card).getByRole('link', { name: 'Siobhán Kelly' })).toHaveAttribute(
      'href',
      '/people/p1/INFORMATION',
    );
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
    expect(bodyOf(calls, 'POST', '/api/people/search')).toEqual({ search: '', page: 1, limit: 5 });

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
    });
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

    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to continue?');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Deleted!')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
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

    await user.click(await screen.findByRole('button', { name: 'New People' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('First Name'), 'Niamh');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Walsh');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

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

    await user.click(await screen.findByRole('button', { name: 'New People' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('First Name'), 'Niamh');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Walsh');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('lastName is too long')).toBeInTheDocument();
  });
});
