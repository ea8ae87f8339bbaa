import type { CalendarItem } from '@registra/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALENDAR_KIND_NAMES, clickKinds } from '../../../test/calendarKinds';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/fixtures';
import { aoife, json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { fakeMatchMedia } from '../../../test/matchMedia';
import { calendarRange, calendarViewParams, monthGrid, readCalendarView } from '../calendarView';

const item = (overrides: Partial<CalendarItem>): CalendarItem => ({
  kind: 'ard',
  date: '2025-11-10',
  state: 'overdue',
  recordType: 'organization',
  recordId: 'o1',
  organizationId: 'o1',
  organizationName: 'Emerald Isle Trading Ltd',
  title: 'Annual return date',
  assignedTo: [{ userId: 'u1', userName: 'Aoife Murphy' }],
  ...overrides,
});

const ITEMS = [
  item({}),
  item({
    kind: 'followUpDeadline',
    date: '2025-11-27',
    state: 'dueSoon',
    recordType: 'followUp',
    recordId: 'f1',
    title: 'Annual Return (trading): deadline',
  }),
  item({
    kind: 'amlReview',
    date: '2025-11-30',
    state: 'later',
    organizationId: 'o2',
    recordId: 'o2',
    organizationName: 'Shannon Bridge Ltd',
    title: 'AML review due (high risk)',
  }),
];

const calendarCalls = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/calendar').map((call) => call.query);

function mockCalendar() {
  return mockApi({
    ...signIn(),
    'GET /api/calendar': (call) =>
      json(200, {
        ok: true,
        data: call.query.kinds
          ? ITEMS.filter((i) => call.query.kinds.split(',').includes(i.kind))
          : ITEMS,
        truncated: false,
      }),
    'POST /api/organization/search': () => json(200, { ok: true, data: [], totalItems: 0 }),
  });
}

describe('the calendar view in the address', () => {
  const today = '2026-11-25';

  it.each([
    ['', { view: 'month', month: '2026-11', user: 'mine', userChosen: false, kinds: 10 }],
    ['user=mine', { user: 'mine', userChosen: true, kinds: 10 }],
    [
      'view=agenda&month=2027-02&user=all',
      { view: 'agenda', month: '2027-02', user: '', kinds: 10 },
    ],
    ['month=2026-13&kinds=ard,nope&view=week', { view: 'month', month: '2026-11', kinds: 10 }],
    ['kinds=ard,b1b73&user=u9&userName=Sean', { user: 'u9', userName: 'Sean', kinds: 2 }],
  ])('%j reads as %j', (search, expected) => {
    const view = readCalendarView(new URLSearchParams(search), today);
    const { kinds, ...rest } = expected;
    expect(view).toMatchObject(rest);
    expect(view.kinds).toHaveLength(kinds);
  });

  it('writes only what differs from the defaults, and reads back the same view', () => {
    const view = readCalendarView(new URLSearchParams('view=agenda&user=all&kinds=ard'), today);
    const params = calendarViewParams(view, today);
    expect(params.toString()).toBe('view=agenda&kinds=ard&user=all');
    expect(readCalendarView(params, today)).toEqual(view);
    expect(
      calendarViewParams(readCalendarView(new URLSearchParams(), today), today).toString(),
    ).toBe('');
  });

  it.each([
    // November 2026 starts on a Sunday: the grid runs Monday 26 October to Sunday 6 December.
    ['2026-11', 6, '2026-10-26', '2026-12-06'],
    // February 2027 starts on a Monday and has exactly four weeks.
    ['2027-02', 4, '2027-02-01', '2027-02-28'],
  ])('the month %s is %i weeks from %s to %s, Monday first', (month, weeks, from, to) => {
    expect(monthGrid(month)).toHaveLength(weeks);
    expect(calendarRange({ view: 'month', month })).toEqual({ from, to });
  });

  it.each([
    // search, the default view (the agenda on a phone held upright), what is read, written back
    ['', 'agenda', 'agenda', ''],
    ['view=month', 'agenda', 'month', 'view=month'],
    ['view=agenda', 'agenda', 'agenda', ''],
    ['view=agenda', 'month', 'agenda', 'view=agenda'],
    ['view=week', 'agenda', 'agenda', ''],
  ] as const)(
    '%j with the %s by default reads as the %s and writes %j',
    (search, defaultView, view, written) => {
      const read = readCalendarView(new URLSearchParams(search), today, defaultView);
      expect(read.view).toBe(view);
      expect(calendarViewParams(read, today, defaultView).toString()).toBe(written);
    },
  );

  it('the agenda reads the month only', () => {
    expect(calendarRange({ view: 'agenda', month: '2026-02' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });
});

/** The calendar of a user with nothing assigned: 'mine' is empty, everybody's is not. */
function mockNothingMine() {
  return mockApi({
    ...signIn(),
    'GET /api/calendar': (call) =>
      json(200, {
        ok: true,
        data: call.query.user === 'mine' ? [] : ITEMS,
        truncated: false,
        anythingAssigned: call.query.user === 'mine' ? false : null,
      }),
    'POST /api/organization/search': () => json(200, { ok: true, data: [], totalItems: 0 }),
  });
}

describe('/calendar for a user with nothing assigned', () => {
  it('by default shows everybody, saying why', async () => {
    const calls = mockNothingMine();
    renderApp('/calendar?month=2025-11');
    expect(
      await screen.findByRole('link', { name: /Emerald Isle Trading Ltd: Annual return date/ }),
    ).toBeInTheDocument();
    expect(calendarCalls(calls).map((query) => query.user)).toEqual(['mine', undefined]);
    expect(screen.getByLabelText('Assigned to')).toHaveValue('all');
    expect(screen.getByTestId('calendar-everybody-default')).toHaveTextContent(
      'Nothing in the book is assigned to you yet',
    );
  });

  it("chosen 'Mine' says nothing is assigned, with a one-click Everybody", async () => {
    const user = userEvent.setup();
    const calls = mockNothingMine();
    const { router } = renderApp('/calendar?month=2025-11&user=mine');
    expect(await screen.findByText('Nothing is assigned to you.')).toBeInTheDocument();
    expect(screen.getByLabelText('Assigned to')).toHaveValue('mine');
    await user.click(screen.getByRole('button', { name: 'Everybody' }));
    expect(
      await screen.findByRole('link', { name: /Emerald Isle Trading Ltd: Annual return date/ }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toContain('user=all');
    expect(calendarCalls(calls).at(-1)?.user).toBeUndefined();
    expect(screen.queryByText('Nothing is assigned to you.')).toBeNull();
  });

  it('links to the feed settings, where the feed address is made', async () => {
    mockNothingMine();
    renderApp('/calendar');
    expect(
      await screen.findByRole('link', { name: 'Subscribe in Outlook, Google or Apple Calendar' }),
    ).toHaveAttribute('href', '/account#account-calendar-feeds');
  });
});

describe('/calendar', () => {
  it('shows the month with my obligations, overdue in red and due soon in amber, each linking to its record', async () => {
    const calls = mockCalendar();
    renderApp('/calendar?month=2025-11');
    const overdue = await screen.findByRole('link', {
      name: /Emerald Isle Trading Ltd: Annual return date/,
    });
    expect(calendarCalls(calls)[0]).toEqual({
      from: '2025-10-27',
      to: '2025-11-30',
      kinds:
        'ard,filingDeadline,b1b73,corporationTax,amlReview,followUpDeadline,subscriptionDue,b10,b2,b5',
      user: 'mine',
    });
    expect(overdue).toHaveClass('text-danger');
    expect(overdue).toHaveAttribute('href', '/organization/o1/ACCOUNTING_TAB');
    expect(within(screen.getByLabelText('10/11/2025')).getByRole('link')).toBe(overdue);
    const soon = screen.getByRole('link', { name: /Annual Return \(trading\): deadline/ });
    expect(soon).toHaveClass('deadline-soon');
    expect(soon).toHaveAttribute('href', '/organization/o1/FOLLOW_UP_BETA_TAB');
    expect(screen.getByRole('link', { name: /AML review due/ })).toHaveAttribute(
      'href',
      '/organization/o2/AML_TAB',
    );
    expect(screen.getByRole('heading', { name: 'November 2025' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Calendar' })).toBeVisible();
  });

  it('filters to one kind and to everybody, kept in the address; the agenda lists by date', async () => {
    const user = userEvent.setup();
    const calls = mockCalendar();
    const { router } = renderApp('/calendar?month=2025-11');
    await screen.findByRole('link', { name: /Annual return date/ });
    await clickKinds(user, document.body, CALENDAR_KIND_NAMES);
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'all');
    await waitFor(() =>
      expect(calendarCalls(calls).at(-1)).toEqual({
        from: '2025-10-27',
        to: '2025-11-30',
        kinds: 'followUpDeadline',
      }),
    );
    expect(router.state.location.search).toBe('?month=2025-11&kinds=followUpDeadline&user=all');
    expect(screen.queryByRole('link', { name: /Annual return date/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    const agenda = await screen.findByRole('table', { name: 'Agenda' });
    expect(within(agenda).getByRole('cell', { name: '27/11/2025' })).toBeVisible();
    expect(within(agenda).getByText(/Aoife Murphy/)).toBeVisible();
    expect(router.state.location.search).toContain('view=agenda');
    expect(calendarCalls(calls).at(-1)).toMatchObject({ from: '2025-11-01', to: '2025-11-30' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('month=2025-12'));
    await user.click(
      within(await screen.findByRole('table', { name: 'Agenda' })).getByRole('link'),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organization/o1/FOLLOW_UP_BETA_TAB'),
    );
  });
});

describe('/calendar on a phone held upright (below 576 px)', () => {
  it('opens on the agenda; the month is one button away, its entries whole (wrapped, with their title)', async () => {
    const original = window.matchMedia;
    window.matchMedia = fakeMatchMedia((query) =>
      ['(max-width: 575.98px)', '(max-width: 767.98px)'].includes(query),
    );
    try {
      const calls = mockCalendar();
      const { router } = renderApp('/calendar?month=2025-11');
      expect(await screen.findByRole('list', { name: 'Agenda' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Agenda' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(screen.queryByRole('table', { name: /^Month of / })).toBeNull();
      await waitFor(() =>
        expect(calendarCalls(calls).at(-1)).toMatchObject({ from: '2025-11-01', to: '2025-11-30' }),
      );

      await userEvent.click(screen.getByRole('button', { name: 'Month' }));
      expect(router.state.location.search).toContain('view=month');
      const month = await screen.findByRole('table', { name: 'Month of November 2025' });
      // Not in a sideways-scrolling box: the grid is as wide as the page (app.css).
      expect(month.closest('.table-responsive')).toBeNull();
      const entry = within(month).getByRole('link', { name: /AML review due/ });
      expect(entry).toHaveTextContent('Shannon Bridge Ltd: AML review due (high risk)');
      expect(entry).toHaveAttribute(
        'title',
        'Shannon Bridge Ltd: AML review due (high risk) (Later)',
      );
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('/calendar for administrators', () => {
  it('shows what the annual-return job will start in the next 30 days and saves the lead days', async () => {
    const user = userEvent.setup();
    let leadDays = 60;
    const calls = mockApi({
      ...signIn(),
      'GET /api/user/signin_token': () =>
        json(200, { ok: true, token: 'fresh', data: { ...aoife, role: 'admin' } }),
      'GET /api/calendar': () => json(200, { ok: true, data: [], truncated: false }),
      'GET /api/settings': () =>
        json(200, { ok: true, data: { annualReturnLeadDays: leadDays, updatedAt: null } }),
      'PUT /api/settings': (call) => {
        leadDays = (call.body as { annualReturnLeadDays: number }).annualReturnLeadDays;
        return json(200, { ok: true, data: { annualReturnLeadDays: leadDays, updatedAt: null } });
      },
      'GET /api/calendar/annual-return-starts': () =>
        json(200, {
          ok: true,
          data: [
            {
              organizationId: 'o1',
              organizationName: 'Emerald Isle Trading Ltd',
              ard: '2026-02-08',
              startsOn: '2025-12-10',
              followUpName: 'AR_TRADING',
              assignedTo: { userId: 'u1', userName: 'Aoife Murphy' },
            },
          ],
        }),
    });
    renderApp('/calendar?month=2025-11');
    const table = await screen.findByRole('table', { name: 'Annual returns to start' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '10/12/2025',
      'Emerald Isle Trading Ltd',
      '08/02/2026',
      'Annual Return (trading)',
      'Aoife Murphy',
    ]);
    const days = screen.getByLabelText('Days before the ARD');
    await waitFor(() => expect(days).toHaveValue(60));
    await user.clear(days);
    await user.type(days, '400');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(days);
    await user.type(days, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        annualReturnLeadDays: 45,
      }),
    );
  });
});
