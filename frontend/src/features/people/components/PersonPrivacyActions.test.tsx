import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, json, mockApi, renderApp } from '../../../test/render';
import { makePerson } from '../../../test/fixtures';

const person = makePerson();

/** The person's page, signed in as `role`, the erase answered by `erase`. */
function mockPage(role: 'admin' | 'staff', erase: () => Response) {
  localStorage.setItem('token', 'stored');
  return mockApi({
    'GET /api/user/signin_token': () =>
      json(200, { ok: true, token: 'fresh', data: { ...aoife, role } }),
    'POST /api/user/search': () => json(200, { ok: true, data: [aoife] }),
    'GET /api/people/p1': () => json(200, { ok: true, data: person }),
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    'POST /api/people/p1/erase': erase,
  });
}

describe("a person's data-protection actions", () => {
  it('are shown to administrators only', async () => {
    mockPage('staff', () => json(200, { ok: true, data: { _id: 'p1' } }));
    renderApp('/people/p1');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export data' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase' })).not.toBeInTheDocument();
  });

  it('says until when and why the AML retention keeps the person when erasure is refused', async () => {
    const calls = mockPage('admin', () =>
      json(409, {
        ok: false,
        code: 'RETENTION_HOLD',
        message:
          'Kept under the AML law (five years after the client relationship ends): erasure is possible from 2027-11-28 (Liffey Trading Ltd).',
        details: [{ field: 'erasableFrom', message: '2027-11-28' }],
        organizations: [
          {
            _id: 'o1',
            name: 'Liffey Trading Ltd',
            relationshipEndedOn: '2022-11-28',
            erasableFrom: '2027-11-28',
          },
        ],
      }),
    );
    renderApp('/people/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this person' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    const hold = await screen.findByTestId('retention-hold');
    expect(hold).toHaveTextContent('Kept until 28/11/2027.');
    expect(hold).toHaveTextContent('Liffey Trading Ltd');
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === '/api/people/p1/erase'),
    ).toHaveLength(1);
  });

  it('erases after the confirmation', async () => {
    mockPage('admin', () => json(200, { ok: true, data: { _id: 'p1' } }));
    renderApp('/people/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this person' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('The person was erased.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
