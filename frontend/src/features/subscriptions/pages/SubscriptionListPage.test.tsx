import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubscriptionView } from '@registra/domain';
import { listAnswer, makeOrganization, signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';
import { choicesOf } from '../../../test/queries';

const subscription: SubscriptionView = {
  _id: 's1',
  name: 'Domiciliation',
  organizationId: 'o1',
  organizationName: 'Emerald Isle Trading Ltd',
  productId: 'p2',
  productName: 'Domiciliation',
  status: 'CURRENT',
  plan: 12,
  startingDate: '2026-01-01',
  nextDueDate: '2027-01-01',
  missingPayments: 0,
  orderIds: [],
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('subscription list', () => {
  it("a row opens the organization's subscriptions, on their own address (SERVICE_TAB_BETA)", async () => {
    const user = userEvent.setup();
    mockApi({
      ...signIn(),
      'POST /api/subscription/search': () => json(200, listAnswer([subscription])),
      'POST /api/product/search': () => json(200, { ok: true, data: [] }),
      'GET /api/organization/o1': () => json(200, { ok: true, data: makeOrganization() }),
      'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
      'POST /api/order/search': () => json(200, listAnswer([])),
    });
    const { router } = renderApp('/subscription');

    const row = await screen.findByRole('link', { name: 'Emerald Isle Trading Ltd Domiciliation' });
    await user.click(row);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/organization/o1/SERVICE_TAB_BETA'),
    );
    expect(await screen.findByRole('tab', { name: 'Services Beta' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  });

  it('shows statuses in words, in the list and its filter', async () => {
    mockApi({
      ...signIn(),
      'POST /api/subscription/search': () =>
        json(200, listAnswer([{ ...subscription, status: 'UNPAID' }])),
      'POST /api/product/search': () => json(200, { ok: true, data: [] }),
    });
    renderApp('/subscription');
    const link = await screen.findByRole('link', {
      name: 'Emerald Isle Trading Ltd Domiciliation',
    });
    const row = link.closest('tr')!;
    expect(within(row).getByText('Unpaid')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('UNPAID');
    expect(choicesOf('Status')).toEqual(['All statuses', 'Current', 'Cancelled', 'Unpaid']);
  });
});
