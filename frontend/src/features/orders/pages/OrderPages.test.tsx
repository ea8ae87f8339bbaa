import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@registra/domain';
import { listAnswer, signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp } from '../../../test/render';
import type { Call } from '../../../test/render';

const products = {
  ok: true,
  data: [
    { _id: 'p1', name: 'Company formation', subscription: false, createdAt: '', updatedAt: '' },
    { _id: 'p2', name: 'Domiciliation', subscription: true, createdAt: '', updatedAt: '' },
  ],
  counts: { products: 2, subscriptions: 1 },
};

const order = (overrides: Partial<OrderView> = {}): OrderView => ({
  _id: 'ord1',
  company: 'Emerald Isle Trading Ltd',
  organizationId: 'o1',
  organizationName: 'Emerald Isle Trading Ltd',
  lastName: '',
  firstName: '',
  email: '',
  from: null,
  productId: 'p1',
  product: 'Company formation',
  totalAmountOrder: 1000.1,
  amountDeposit: 250.05,
  dateOrder: '2026-11-02',
  paymentTypeDeposit: 'Card',
  amountBalanceToPaid: 750.05,
  dateOfBalance: null,
  paymentTypeBalance: '',
  toInvoice: false,
  totalPaid: 250.05,
  paidTotaly: false,
  balancePaid: false,
  noVat: false,
  withVat: true,
  vatNumber: 'IE1234567T',
  comment: '',
  subscriptionId: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

function mockOrders(extra: Record<string, (call: Call) => Response> = {}) {
  return mockApi({
    ...signIn(),
    'POST /api/product/search': () => json(200, products),
    'POST /api/order/search': () => json(200, listAnswer([order()])),
    'POST /api/organization/search': () =>
      json(200, listAnswer([{ _id: 'o1', name: 'Emerald Isle Trading Ltd' }])),
    ...extra,
  });
}

describe('/order', () => {
  beforeEach(() => localStorage.removeItem('ordersFilters'));

  it('shows the 19 columns with euros and Checked/No; filters are kept under ordersFilters', async () => {
    const calls = mockOrders();
    renderApp('/order');
    const row = await screen.findByRole('link', { name: /^Order Emerald Isle Trading Ltd/ });
    expect(within(row).getAllByRole('cell')).toHaveLength(19);
    expect(row).toHaveTextContent('€1,000.10');
    expect(row).toHaveTextContent('€750.05');
    expect(row).toHaveTextContent('Checked');
    expect(row).toHaveTextContent('02/11/2026');

    await userEvent.selectOptions(screen.getByLabelText('Origin'), 'N/A');
    await userEvent.selectOptions(screen.getByLabelText('Product'), 'p2');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/order/search').at(-1)?.body).toMatchObject({
        from: 'N/A',
        product: 'p2',
        sortField: 'dateOrder',
        sortOrder: 'desc',
        limit: 25,
      }),
    );
    expect(JSON.parse(localStorage.getItem('ordersFilters') ?? '{}')).toMatchObject({
      from: 'N/A',
      product: 'p2',
    });
  });

  it('restores the stored filters on load', async () => {
    localStorage.setItem('ordersFilters', JSON.stringify({ from: 'NOMAD', search: 'emerald' }));
    const calls = mockOrders();
    renderApp('/order');
    await screen.findByRole('link', { name: /^Order Emerald/ });
    expect(calls.find((call) => call.path === '/api/order/search')?.body).toMatchObject({
      from: 'NOMAD',
      search: 'emerald',
    });
    expect(screen.getByLabelText('Origin')).toHaveValue('NOMAD');
  });

  it('Add a new order: submit disabled with the notice until complete; a new organization names the customer', async () => {
    const calls = mockOrders({
      'POST /api/order': () => json(200, { ok: true, data: order({ _id: 'new1' }) }),
      'GET /api/order/new1': () => json(200, { ok: true, data: order({ _id: 'new1' }) }),
    });
    const { router } = renderApp('/order');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a new order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new order' });
    const submit = within(dialog).getByRole('button', { name: 'Create order' });
    expect(submit).toBeDisabled();
    expect(dialog).toHaveTextContent('Please fill in all required fields to submit');

    await userEvent.click(within(dialog).getByLabelText("The organization doesn't exist yet"));
    expect(within(dialog).getByLabelText('Organization')).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Aoife');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Murphy');
    await userEvent.selectOptions(within(dialog).getByLabelText('Product'), 'p1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Order date' }), '02/11/2026');
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Total paid (€)'), '12,5');
    expect(submit).toBeEnabled();
    expect(dialog).not.toHaveTextContent('Please fill in all required fields to submit');
    await userEvent.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/order/new1'));
    expect(
      calls.find((call) => call.method === 'POST' && call.path === '/api/order')?.body,
    ).toEqual({
      newOrganization: true,
      organizationId: null,
      organizationName: null,
      firstName: 'Aoife',
      lastName: 'Murphy',
      productId: 'p1',
      product: 'Company formation',
      dateOrder: '2026-11-02',
      totalPaid: 12.5,
    });
  });
});

describe('/order/{id}', () => {
  it('the VAT toggles: No VAT unticks With VAT and hides and clears the number', async () => {
    let stored = order();
    const calls = mockOrders({
      'GET /api/order/ord1': () => json(200, { ok: true, data: stored }),
      'PUT /api/order/ord1': (call) => {
        stored = {
          ...stored,
          ...(call.body as Partial<OrderView>),
          updatedAt: '2026-11-03T10:00:00.000Z',
        };
        return json(200, { ok: true, data: stored });
      },
    });
    renderApp('/order/ord1');
    const withVat = await screen.findByLabelText('With VAT');
    const noVat = screen.getByLabelText('No VAT');
    expect(withVat).toBeChecked();
    expect(screen.getByLabelText('VAT number')).toHaveValue('IE1234567T');
    expect(screen.getByLabelText('Balance to pay')).toHaveValue('€750.05');

    await userEvent.click(noVat);
    expect(noVat).toBeChecked();
    expect(withVat).not.toBeChecked();
    expect(screen.queryByLabelText('VAT number')).toBeNull();
    await userEvent.click(noVat);
    expect(withVat).toBeChecked();
    expect(screen.getByLabelText('VAT number')).toHaveValue('');

    await userEvent.click(noVat);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      noVat: true,
      withVat: false,
      vatNumber: '',
      totalAmountOrder: 1000.1,
      amountDeposit: 250.05,
      updatedAt: '2026-11-02T10:00:00.000Z',
    });
  });

  it("warns when the order's product is not in the product list", async () => {
    mockOrders({
      'GET /api/order/ord1': () =>
        json(200, { ok: true, data: order({ productId: 'gone', product: 'Old product' }) }),
    });
    renderApp('/order/ord1');
    expect(
      await screen.findByText('Product not found, please select from available options'),
    ).toBeVisible();
  });
});
