import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderWithStore } from '../../../test/render';
import { listAnswer } from '../../../test/fixtures';
import { makeTask } from '../testFixtures';
import RecentTasksCard from './RecentTasksCard';

describe('the dashboard’s Recent Tasks', () => {
  it('badges each status with the board’s words: "To do", never TODO', async () => {
    mockApi({
      'POST /api/task/search': () =>
        json(
          200,
          listAnswer([
            makeTask({ _id: 't1', title: 'Call the bank', status: 'TO DO' }),
            makeTask({ _id: 't2', title: 'File the B1', status: 'IN PROGRESS' }),
            makeTask({ _id: 't3', title: 'Send the invoice', status: 'DONE' }),
          ]),
        ),
    });
    renderWithStore(
      <MemoryRouter>
        <RecentTasksCard />
      </MemoryRouter>,
    );
    const badgeOf = async (title: string) =>
      within((await screen.findByRole('link', { name: title })).closest('li')!).getAllByText(
        /^(To do|In progress|Done|TODO|TO DO|IN PROGRESS|DONE)$/,
      );
    expect((await badgeOf('Call the bank')).map((badge) => badge.textContent)).toEqual(['To do']);
    expect((await badgeOf('File the B1')).map((badge) => badge.textContent)).toEqual([
      'In progress',
    ]);
    expect((await badgeOf('Send the invoice')).map((badge) => badge.textContent)).toEqual(['Done']);
  });
});
