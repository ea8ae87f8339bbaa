import type { OverviewView } from '@registra/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';
import { toCsv } from '../csv';

const FIGURES: OverviewView = {
  from: '2025-11-01',
  to: '2026-10-31',
  obligationsByMonth: [
    { month: '2025-11', kind: 'ard', count: 3 },
    { month: '2025-11', kind: 'amlReview', count: 1 },
    { month: '2025-12', kind: 'ard', count: 2 },
  ],
  overdueByKind: [{ kind: 'ard', count: 2 }],
  overdueByUser: [{ userId: 'u1', userName: 'Aoife Murphy', count: 2 }],
  amlRiskLevels: [
    { level: 'high', count: 1 },
    { level: null, count: 4 },
  ],
  amlReviewsByMonth: [{ month: '2025-11', count: 1 }],
  ordersByMonth: [{ month: '2025-11', paid: 120.5, outstanding: 79.5 }],
  subscriptionsByStatus: [{ status: 'CURRENT', count: 3 }],
  formsByMonth: [{ month: '2025-11', received: 4, becameClients: 1 }],
  anythingAssigned: true,
};

const overviewCalls = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/overview').map((call) => call.query);

describe('/overview', () => {
  it('shows each chart with the table behind it, for my items by default', async () => {
    const calls = mockApi({
      ...signIn(),
      'GET /api/overview': () => json(200, { ok: true, data: FIGURES }),
    });
    renderApp('/overview?from=2025-11-01&to=2026-10-31');
    const obligations = await screen.findByRole('table', { name: /Obligations per month/ });
    expect(overviewCalls(calls)[0]).toEqual({ from: '2025-11-01', to: '2026-10-31', user: 'mine' });
    expect(
      within(obligations)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Month', 'Annual return date', 'AML review due']);
    expect(
      within(obligations)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2025-1131', '2025-1220']);
    // Levels and statuses in words: "Not assessed" as on the General and AML tabs.
    const risks = within(screen.getByRole('table', { name: 'AML risk levels' }));
    expect(risks.getByText('Not assessed')).toBeVisible();
    expect(risks.getByText('High')).toBeVisible();
    expect(risks.queryByText('none')).toBeNull();
    expect(
      within(screen.getByRole('table', { name: 'Subscriptions by status' })).getByText('Current'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Orders per month (€)' })).getByText('79.50'),
    ).toBeVisible();
    expect(
      screen.getByRole('table', { name: 'Company-creation requests per month' }),
    ).toHaveTextContent('2025-1141');
    expect(screen.getAllByRole('button', { name: /Download CSV/ })).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Overview' })).toBeVisible();
  });

  it('filters by everybody, kept in the address; downloads a chart as CSV', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...signIn(),
      'GET /api/overview': () => json(200, { ok: true, data: FIGURES }),
    });
    const created = vi.fn(() => 'blob:csv');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const { router } = renderApp('/overview?from=2025-11-01&to=2026-10-31');
    await screen.findByRole('table', { name: 'Overdue by kind' });
    // Each filter has a label a person can see, not only one a screen reader hears.
    for (const name of ['From', 'To', 'Assigned to']) {
      expect(screen.getByText(name, { selector: 'label' })).toBeVisible();
    }
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'all');
    await waitFor(() =>
      expect(overviewCalls(calls).at(-1)).toEqual({ from: '2025-11-01', to: '2026-10-31' }),
    );
    expect(router.state.location.search).toContain('user=all');
    await user.click(screen.getAllByRole('button', { name: /Download CSV/ })[1]);
    expect(created).toHaveBeenCalledTimes(1);
  });
});

describe('/overview for a user with nothing assigned', () => {
  const answer = (call: Call) =>
    json(200, {
      ok: true,
      data:
        call.query.user === 'mine'
          ? { ...FIGURES, overdueByKind: [], overdueByUser: [], anythingAssigned: false }
          : { ...FIGURES, anythingAssigned: null },
    });

  it('by default shows everybody, saying why', async () => {
    const calls = mockApi({ ...signIn(), 'GET /api/overview': answer });
    renderApp('/overview?from=2025-11-01&to=2026-10-31');
    expect(await screen.findByTestId('overview-everybody-default')).toBeInTheDocument();
    await waitFor(() => expect(overviewCalls(calls).at(-1)?.user).toBeUndefined());
    expect(overviewCalls(calls)[0].user).toBe('mine');
    expect(screen.getByLabelText('Assigned to')).toHaveValue('all');
    expect(
      within(await screen.findByRole('table', { name: 'Overdue by kind' })).getByText('2'),
    ).toBeVisible();
  });

  it("chosen 'Mine' says nothing is assigned, with a one-click Everybody", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ ...signIn(), 'GET /api/overview': answer });
    const { router } = renderApp('/overview?from=2025-11-01&to=2026-10-31&user=mine');
    expect(await screen.findByText('Nothing is assigned to you.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Everybody' }));
    await waitFor(() => expect(overviewCalls(calls).at(-1)?.user).toBeUndefined());
    expect(router.state.location.search).toContain('user=all');
    expect(screen.queryByText('Nothing is assigned to you.')).toBeNull();
  });
});

describe('a chart as CSV', () => {
  it('quotes what needs it and defuses formulas, look-alikes and hidden ones too', () => {
    expect(
      toCsv(
        ['User', 'Overdue'],
        [
          ['Byrne, Mary', 2],
          ['=cmd', 1],
          ['＠SUM(A1)', -1],
          ['\u200b+1', 0],
        ],
      ),
    ).toBe("User,Overdue\r\n\"Byrne, Mary\",2\r\n'=cmd,1\r\n'＠SUM(A1),-1\r\n'\u200b+1,0\r\n");
  });
});
