import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubSmallScreen } from '../../../test/matchMedia';
import { makeOrganization, signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';

const results = {
  organizations: [{ _id: 'o1', label: 'Emerald Isle Trading Ltd', detail: '654321' }],
  people: [{ _id: 'p1', label: 'Aoife Murphy', detail: 'aoife@example.ie' }],
  tasks: [{ _id: 't1', label: 'Chase the B1 of Emerald', detail: 'TO DO' }],
  orders: [],
  forms: [{ _id: 'f1', label: 'Emerald Bakery', detail: '' }],
};

function mockSearch() {
  return mockApi({
    ...signIn(),
    'GET /api/dashboard': () =>
      json(200, {
        ok: true,
        data: { organizations: { total: 0, recent: [] }, people: { total: 0, recent: [] } },
      }),
    'GET /api/search': (call) =>
      json(200, {
        ok: true,
        data:
          call.query.q === 'emerald'
            ? results
            : { organizations: [], people: [], tasks: [], orders: [], forms: [] },
      }),
    'GET /api/organization/o1': () => json(200, { ok: true, data: makeOrganization() }),
  });
}

const searchBox = () =>
  screen.findByRole('combobox', {
    name: 'Search organizations, people, tasks, orders and requests',
  });

describe('the top bar search box', () => {
  it('lists what it finds by kind, opens one with the keyboard, and sends nothing under two characters', async () => {
    const calls = mockSearch();
    renderApp('/');
    const box = await searchBox();
    await userEvent.type(box, 'e');
    await new Promise((settle) => setTimeout(settle, 300));
    expect(calls.some((call) => call.path === '/api/search')).toBe(false);

    await userEvent.type(box, 'merald');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(await screen.findByRole('option', { name: /Emerald Isle Trading Ltd/ })).toBeVisible();
    expect(screen.getByRole('group', { name: 'People' })).toHaveTextContent('Aoife Murphy');
    expect(screen.getByRole('group', { name: 'Company-creation requests' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Orders' })).toBeNull();
    expect(list).toBeVisible();
    // The first result is chosen; the arrows move, Enter opens.
    expect(screen.getByRole('option', { name: /Emerald Isle Trading Ltd/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Aoife Murphy/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/organization/o1')).toBe(true),
    );
    expect(box).toHaveValue('');
  });

  it('says when nothing is found, and Ctrl-K puts the cursor in the box', async () => {
    mockSearch();
    renderApp('/');
    const box = await searchBox();
    expect(box).not.toHaveFocus();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(box).toHaveFocus();
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeVisible();
  });

  it('offers the keyboard shortcut where there is a keyboard, and a hint that fits on a phone', async () => {
    mockSearch();
    const { unmount } = renderApp('/');
    expect(await searchBox()).toHaveAttribute('placeholder', 'Search everything (Ctrl-K)');
    unmount();
    const restore = stubSmallScreen(true);
    try {
      renderApp('/');
      expect(await searchBox()).toHaveAttribute('placeholder', 'Search everything');
    } finally {
      restore();
    }
  });
});
