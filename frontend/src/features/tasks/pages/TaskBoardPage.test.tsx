import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/fixtures';
import { stubSmallScreen } from '../../../test/matchMedia';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { makeTask } from '../testFixtures';
import { expectLinks } from '../../../test/queries';

type Search = { status?: string; limit: number; search?: string; user?: string | null };

/** 30 TO DO tasks; the other columns empty. The answer holds `limit` of them. */
function mockBoard(extra: Record<string, (call: Call) => Response> = {}) {
  return mockApi({
    ...signIn(),
    'POST /api/task/search': (call) => {
      const body = call.body as Search;
      const all =
        body.status === 'TO DO'
          ? Array.from({ length: 30 }, (_, i) => makeTask({ _id: `t${i}`, title: `Task ${i}` }))
          : [];
      return json(200, {
        ok: true,
        data: all.slice(0, body.limit),
        totalItems: all.length,
        totalPages: Math.ceil(all.length / body.limit),
        page: 1,
        limit: body.limit,
      });
    },
    ...extra,
  });
}

describe('/task board', () => {
  it('shows three columns of 7 cards, then 10 more per Show More', async () => {
    const calls = mockBoard();
    renderApp('/task');
    const todo = await screen.findByRole('region', { name: /^To do/ });
    expect(await within(todo).findAllByTestId('task-card')).toHaveLength(7);
    expect(screen.getByRole('region', { name: /^In progress/ })).toBeVisible();
    expect(screen.getByRole('region', { name: /^Done/ })).toBeVisible();
    expect(within(todo).getByRole('heading')).toHaveAttribute('title', '30 tasks');
    await userEvent.click(within(todo).getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(within(todo).getAllByTestId('task-card')).toHaveLength(17));
    await userEvent.click(within(todo).getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(within(todo).getAllByTestId('task-card')).toHaveLength(27));
    const todoLimits = calls
      .filter((call) => call.path === '/api/task/search')
      .map((call) => call.body as Search)
      .filter((body) => body.status === 'TO DO')
      .map((body) => body.limit);
    expect(todoLimits).toEqual([7, 17, 27]);
  });

  it('a column counted past the bound of the server shows "10 000+"', async () => {
    mockApi({
      ...signIn(),
      'POST /api/task/search': (call) => {
        const body = call.body as Search;
        const many = body.status === 'TO DO';
        return json(200, {
          ok: true,
          data: many ? [makeTask({ _id: 't1', title: 'Task 1' })] : [],
          totalItems: many ? 10_000 : 0,
          ...(many ? { totalItemsIsLowerBound: true } : {}),
          totalPages: many ? 1429 : 0,
          page: 1,
          limit: body.limit,
        });
      },
    });
    renderApp('/task');
    const todo = await screen.findByRole('region', { name: /^To do/ });
    await waitFor(() =>
      expect(within(todo).getByRole('heading')).toHaveAttribute('title', '10\u00a0000+ tasks'),
    );
    expect(within(todo).getByRole('heading')).toHaveTextContent(/^To do10 000\+ tasks$/);
    expect(within(todo).getByRole('button', { name: 'Show More' })).toBeVisible();
  });

  it('a card shows its title, description, files, organization link, first names and time', async () => {
    mockBoard();
    renderApp('/task');
    const [card] = await screen.findAllByTestId('task-card');
    expect(within(card).getByRole('link', { name: 'Task 0' })).toHaveAttribute('href', '/task/t0');
    expect(card).toHaveTextContent('About the new account');
    expect(card).toHaveTextContent('Attached files: 0');
    expectLinks(card, { 'Emerald Isle Trading Ltd': '/organization/o1' });
    expect(card).toHaveTextContent('Aoife');
    expect(card).not.toHaveTextContent('Murphy');
    expect(card).toHaveTextContent('01/02/2026 - 09:30 AM');
  });

  it('moving a card from the keyboard saves its new status at once', async () => {
    const user = userEvent.setup();
    const calls = mockBoard({
      'PUT /api/task/t0': (call) =>
        json(200, { ok: true, data: { ...makeTask(), ...(call.body as object) } }),
    });
    renderApp('/task');
    const [card] = await screen.findAllByTestId('task-card');
    const move = within(card).getByLabelText('Move Task 0 to') as HTMLSelectElement;
    expect(Array.from(move.options).map((option) => option.text)).toEqual([
      'To do',
      'In progress',
      'Done',
    ]);
    await user.selectOptions(move, 'DONE');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        title: 'Task 0',
        status: 'DONE',
        users: [{ userId: 'u1', userName: 'Aoife Murphy' }],
        updatedAt: '2026-02-01T09:30:00.000Z',
      }),
    );
  });

  describe('on a phone (below 767.98 px)', () => {
    let restore: (() => void) | undefined;
    afterEach(() => restore?.());

    it('shows one column at a time, chosen with the column switcher (tabs, arrow keys)', async () => {
      restore = stubSmallScreen(true);
      const user = userEvent.setup();
      mockBoard();
      renderApp('/task');

      const switcher = await screen.findByRole('tablist', { name: 'Task columns' });
      const tabs = within(switcher).getAllByRole('tab');
      // The same words as the columns, the cards' selects and the dashboard: "To do".
      expect(tabs.map((tab) => tab.textContent)).toEqual(['To do', 'In progress', 'Done']);
      expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
      const todo = await screen.findByRole('tabpanel', { name: 'To do' });
      expect(await within(todo).findAllByTestId('task-card')).toHaveLength(7);
      expect(screen.queryByRole('region', { name: /^In progress/ })).toBeNull();

      await user.click(tabs[1]);
      expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel', { name: 'In progress' })).toBeVisible();
      expect(screen.queryByRole('tabpanel', { name: 'To do' })).toBeNull();

      // The keyboard of WAI-ARIA tabs: only the chosen tab is in the tab order.
      expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
      await user.keyboard('{ArrowRight}');
      expect(tabs[2]).toHaveFocus();
      expect(screen.getByRole('tabpanel', { name: 'Done' })).toBeVisible();
      await user.keyboard('{ArrowRight}');
      expect(tabs[0]).toHaveFocus();
      await user.keyboard('{End}');
      expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{Home}');
      expect(screen.getByRole('tabpanel', { name: 'To do' })).toBeVisible();
      // The hidden column kept its cards: back on it, nothing loads again.
      expect(
        within(screen.getByRole('tabpanel', { name: 'To do' })).getAllByTestId('task-card'),
      ).toHaveLength(7);
    });

    it('on a wide window there is no switcher: the three columns side by side', async () => {
      restore = stubSmallScreen(false);
      mockBoard();
      renderApp('/task');
      await screen.findByRole('region', { name: /^To do/ });
      expect(screen.queryByRole('tablist')).toBeNull();
      for (const name of [/^To do/, /^In progress/, /^Done/]) {
        expect(screen.getByRole('region', { name })).toBeVisible();
      }
    });
  });
});
