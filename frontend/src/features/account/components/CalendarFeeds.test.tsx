import type { CalendarFeedView } from '@registra/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALENDAR_KIND_NAMES, clickKinds } from '../../../test/calendarKinds';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';

const URL_SHOWN_ONCE =
  'https://registra.firm.test/api/calendar/feed/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG.ics';

function mockFeeds() {
  let feeds: CalendarFeedView[] = [
    {
      _id: 'f1',
      scope: 'all',
      kinds: ['ard', 'filingDeadline'],
      createdAt: '2026-11-20T10:00:00.000Z',
      lastFetchedAt: null,
    },
  ];
  const calls = mockApi({
    ...signIn(),
    'GET /api/user/emails/aoife%40firm.test': () => json(200, { ok: true, data: [] }),
    'GET /api/calendar/feeds': () => json(200, { ok: true, data: feeds }),
    'POST /api/calendar/feeds': (call) => {
      const body = call.body as { scope: 'mine' | 'all'; kinds: CalendarFeedView['kinds'] };
      const feed = {
        _id: 'f2',
        scope: body.scope,
        kinds: body.kinds,
        createdAt: '2026-11-25T10:00:00.000Z',
        lastFetchedAt: null,
      };
      feeds = [feed, ...feeds];
      return json(200, { ok: true, data: { ...feed, url: URL_SHOWN_ONCE } });
    },
    'DELETE /api/calendar/feeds/f1': () => {
      feeds = feeds.filter((feed) => feed._id !== 'f1');
      return json(200, { ok: true });
    },
  });
  return calls;
}

describe('account: calendar feeds', () => {
  it('creates a feed of my obligations for some kinds, shows its address once, and revokes one', async () => {
    const user = userEvent.setup();
    const calls = mockFeeds();
    renderApp('/account');
    const table = await screen.findByRole('table', { name: 'My calendar feeds' });
    expect(await within(table).findByText('All obligations')).toBeVisible();
    expect(within(table).getByText('Annual return date, Filing deadline')).toBeVisible();
    expect(within(table).getByText('Never')).toBeVisible();

    // Every kind but the first two.
    await clickKinds(
      user,
      screen.getByRole('form', { name: 'New calendar feed' }),
      CALENDAR_KIND_NAMES.slice(2),
    );
    await user.click(screen.getByRole('button', { name: 'Create feed address' }));
    expect(await screen.findByRole('textbox', { name: 'Feed address' })).toHaveValue(
      URL_SHOWN_ONCE,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      scope: 'mine',
      kinds: ['ard', 'filingDeadline', 'followUpDeadline'],
    });
    expect(await within(table).findByText('My obligations')).toBeVisible();
    // The list never shows an address.
    expect(within(table).queryByText(/calendar\/feed/)).toBeNull();

    const allRow = within(table).getByText('All obligations').closest('tr')!;
    await user.click(within(allRow as HTMLElement).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).queryByText('All obligations')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('cannot create a feed without a kind', async () => {
    const user = userEvent.setup();
    mockFeeds();
    renderApp('/account');
    await screen.findByRole('table', { name: 'My calendar feeds' });
    const form = screen.getByRole('form', { name: 'New calendar feed' });
    for (const checkbox of within(form).getAllByRole('checkbox')) await user.click(checkbox);
    const create = screen.getByRole('button', { name: 'Create feed address' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Tick at least one kind of date first');
  });
});
