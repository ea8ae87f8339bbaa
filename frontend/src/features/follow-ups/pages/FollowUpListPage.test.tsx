import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEBOUNCE_MS } from '@registra/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { makeFollowUp, summary } from '../testFixtures';

const searches = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/followUp/search').map((call) => call.body);

function mockList() {
  return mockApi({
    ...signIn(),
    'POST /api/followUp/search': () =>
      json(200, {
        ok: true,
        data: [makeFollowUp({ step_index: 2, deadline: '2020-01-10', comments: 'Call Revenue' })],
        totalItems: 1,
        totalPages: 1,
        page: 1,
        limit: 25,
        summary: { ...summary, late: 1 },
      }),
    'POST /api/user/search': () => json(200, { ok: true, data: [] }),
  });
}

describe('/followUp', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('asks with the defaults and shows the columns, progress, a late deadline in red and the summary', async () => {
    const calls = mockList();
    renderApp('/followUp');
    expect(await screen.findByRole('link', { name: 'Emerald Isle Trading Ltd' })).toBeVisible();
    expect(searches(calls)[0]).toEqual({ inProgress: true, completed: true, page: 1, limit: 25 });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Organization',
      'Follow Up',
      'Current Step',
      'Start Date',
      'Assigned to',
      'ARD',
      'Deadline',
      'Comments',
    ]);
    expect(screen.getByRole('cell', { name: 'Annual Return (trading)' })).toBeVisible();
    expect(screen.getByLabelText(/Step 2\/\d+/)).toBeInTheDocument();
    expect(screen.getByText('10/01/2020')).toHaveClass('text-danger');
    expect(screen.getByLabelText('Summary')).toHaveTextContent('1 Deadline passed');
  });

  it('a filter change resets to page 1, is debounced and survives a reload in followUpFilters', async () => {
    const calls = mockList();
    const { unmount } = renderApp('/followUp');
    await screen.findByRole('link', { name: 'Emerald Isle Trading Ltd' });
    expect(searches(calls)).toHaveLength(1);

    // From here the test keeps the clock, so the 300 ms debounce (docs/product/screens.md) is counted to the
    // millisecond (fireEvent: user-event waits on timers of its own).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Completed' }));
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
    fireEvent.change(screen.getByLabelText('Follow-up'), {
      target: { value: 'VAT_REGISTRATION' },
    });
    act(() => vi.advanceTimersByTime(DEBOUNCE_MS - 1));
    // Each change came within 300 ms of the last: nothing asked yet.
    expect(searches(calls)).toHaveLength(1);
    // 300 ms after the last change: one call, with both changes.
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1]).toEqual({
      name: 'VAT_REGISTRATION',
      inProgress: true,
      completed: false,
      page: 1,
      limit: 25,
    });
    expect(JSON.parse(window.localStorage.getItem('followUpFilters')!)).toMatchObject({
      name: 'VAT_REGISTRATION',
      completed: false,
    });
    unmount();

    const again = mockList();
    renderApp('/followUp');
    await screen.findByRole('link', { name: 'Emerald Isle Trading Ltd' });
    expect(searches(again)[0]).toMatchObject({ name: 'VAT_REGISTRATION', completed: false });
    expect(screen.getByRole('checkbox', { name: 'Completed' })).not.toBeChecked();
  });

  it('sorts ascending, then descending, then clears; the summary can be hidden', async () => {
    const user = userEvent.setup();
    const calls = mockList();
    renderApp('/followUp');
    await screen.findByRole('link', { name: 'Emerald Isle Trading Ltd' });
    const deadline = () => screen.getByRole('button', { name: /^Deadline/ });
    await user.click(deadline());
    await waitFor(() =>
      expect(searches(calls).at(-1)).toMatchObject({ sortField: 'deadline', sortOrder: 'asc' }),
    );
    await user.click(deadline());
    await waitFor(() =>
      expect(searches(calls).at(-1)).toMatchObject({ sortField: 'deadline', sortOrder: 'desc' }),
    );
    await user.click(deadline());
    // Cleared: back to the first search (answered from the cache) and no column sorted.
    await waitFor(() => expect(deadline()).toHaveTextContent(/^Deadline$/));
    expect(screen.getByRole('columnheader', { name: 'Deadline' })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Hide summary' }));
    expect(screen.queryByLabelText('Summary')).not.toBeInTheDocument();
  });

  it('a row opens the organization follow-ups tab, remembering where it came from', async () => {
    const user = userEvent.setup();
    mockList();
    const { router } = renderApp('/followUp');
    await user.click(await screen.findByRole('cell', { name: 'Annual Return (trading)' }));
    expect(router.state.location.pathname).toBe('/organization/o1/FOLLOW_UP_BETA_TAB');
    expect(router.state.location.state).toEqual({ from: '/followUp' });
  });
});
