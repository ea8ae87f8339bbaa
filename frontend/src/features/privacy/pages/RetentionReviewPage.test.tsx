import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aoife, json, mockApi, renderApp } from '../../../test/render';

const review = {
  today: '2026-11-28',
  people: [
    {
      _id: 'p1',
      firstName: 'Niamh',
      lastName: 'Longago',
      lastEndedOn: '2020-11-28',
      erasableFrom: '2025-11-28',
    },
  ],
  prospects: [
    {
      _id: 'f1',
      organizationName1: 'Oldco',
      lastChangedOn: '2025-10-01',
      erasableFrom: '2026-10-01',
    },
  ],
};

function mockReview(role: 'admin' | 'staff') {
  localStorage.setItem('token', 'stored');
  return mockApi({
    'GET /api/user/signin_token': () =>
      json(200, { ok: true, token: 'fresh', data: { ...aoife, role } }),
    'GET /api/retention-review': () => json(200, { ok: true, data: review }),
    'POST /api/retention-review/erase': () =>
      json(200, { ok: true, data: { erased: ['p1', 'f1'], held: [] } }),
  });
}

describe('the retention review (/retention)', () => {
  it('lists people and requests with why they may go, and erases the ticked ones', async () => {
    const calls = mockReview('admin');
    renderApp('/retention');
    const people = await screen.findByRole('region', { name: 'People' });
    expect(people).toHaveTextContent(
      'Last relationship ended 28/11/2020 · erasable since 28/11/2025',
    );
    const requests = screen.getByRole('region', { name: 'Company-creation requests' });
    expect(requests).toHaveTextContent('Last changed 01/10/2025 · erasable since 01/10/2026');
    const erase = screen.getByRole('button', { name: 'Erase selected (0)' });
    expect(erase).toBeDisabled();
    await userEvent.click(within(people).getByRole('checkbox', { name: 'Select Niamh Longago' }));
    await userEvent.click(within(requests).getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Erase selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase the selection' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await screen.findByText('2 erased.')).toBeInTheDocument();
    const posted = calls.find((call) => call.path === '/api/retention-review/erase');
    expect(posted?.body).toEqual({ people: ['p1'], prospects: ['f1'] });
  });

  it('is for administrators only', async () => {
    mockReview('staff');
    renderApp('/retention');
    expect(await screen.findByText('The retention review is for administrators.')).toBeVisible();
  });
});
