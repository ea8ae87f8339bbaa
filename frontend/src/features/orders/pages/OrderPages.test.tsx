import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderView } from '@registra/domain';
import { listAnswer, signIn } from '../../../test/fixtures';
import { json, mockApi, renderApp, validationRefusal } from '../../../test/render';
import type { Call } from '../../../test/render';
import { choicesOf } from '../../../test/queries';

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
    const link = await screen.findByRole('link', { name: /^Order Emerald Isle Trading Ltd/ });
    // The order date holds the row's link: its words are part of the link's name.
    expect(link).toHaveTextContent('02/11/2026');
    const row = link.closest('tr')!;
    expect(within(row).getAllByRole('cell')).toHaveLength(19);
    expect(row).toHaveTextContent('€1,000.10');
    expect(row).toHaveTextContent('€750.05');
    expect(row).toHaveTextContent('Checked');
    expect(row).toHaveTextContent('02/11/2026');

    // The origins in words: NEOCIRCLE is the group's NEO CIRCLE, with what it does.
    expect(choicesOf('Origin')).toEqual([
      'All origins',
      'NEO CIRCLE (accounting, tax, payroll and banking)',
      'Nomad',
      'No origin',
    ]);
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

  it('names an order’s origin in words in its column', async () => {
    mockOrders({
      'POST /api/order/search': () => json(200, listAnswer([order({ from: 'NEOCIRCLE' })])),
    });
    renderApp('/order');
    const link = await screen.findByRole('link', { name: /^Order Emerald Isle Trading Ltd/ });
    const row = link.closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'NEO CIRCLE' })).toBeInTheDocument();
    expect(row).not.toHaveTextContent('NEOCIRCLE');
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
    expect(submit).toHaveAccessibleDescription('Please fill in all required fields to submit');
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

describe('Add a new order: what is wrong, under its field', () => {
  beforeEach(() => localStorage.removeItem('ordersFilters'));

  const refusal = (details: Array<{ field: string; message: string }>) => () =>
    json(400, { ok: false, code: 'VALIDATION_ERROR', message: 'Some fields are invalid', details });

  /** Opens the dialog and fills what the named customer's order needs. */
  async function fillNewCustomer(firstName = 'Aoife') {
    await userEvent.click(await screen.findByRole('button', { name: 'Add a new order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new order' });
    await userEvent.click(within(dialog).getByLabelText("The organization doesn't exist yet"));
    await userEvent.click(within(dialog).getByLabelText('First name'));
    await userEvent.paste(firstName);
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Murphy');
    await userEvent.selectOptions(within(dialog).getByLabelText('Product'), 'p1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Order date' }), '02/11/2026');
    await userEvent.type(within(dialog).getByLabelText('Total paid (€)'), '12,5');
    return dialog;
  }

  const posts = (calls: Call[]) =>
    calls.filter((call) => call.method === 'POST' && call.path === '/api/order');

  it('a first name longer than the server takes (200) is said as typed and nothing is sent', async () => {
    const calls = mockOrders();
    renderApp('/order');
    const dialog = await fillNewCustomer('x'.repeat(201));
    const firstName = within(dialog).getByLabelText('First name');

    // Kept whole (not cut at 200) and said in the words of the other forms.
    expect(firstName).toHaveValue('x'.repeat(201));
    expect(within(dialog).getByText('At most 200 characters')).toBeVisible();
    expect(firstName).toHaveClass('is-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(posts(calls)).toEqual([]);
  });

  it('a total over the largest amount (€100 million) is said under the total, and not sent', async () => {
    const calls = mockOrders();
    renderApp('/order');
    const dialog = await fillNewCustomer();
    const total = within(dialog).getByLabelText('Total paid (€)');
    await userEvent.clear(total);
    await userEvent.type(total, '100000000.01');
    expect(within(dialog).getByText('The amount is too large')).toBeVisible();
    expect(total).toHaveClass('is-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create order' }));
    expect(posts(calls)).toEqual([]);
  });

  it("the server's refusals are said under their fields; the first in the dialog takes the focus", async () => {
    const calls = mockOrders({
      'POST /api/order': refusal([
        { field: 'dateOrder', message: 'The order date is required' },
        { field: 'product', message: 'product must be shorter than or equal to 500 characters' },
        { field: 'productId', message: 'No such product' },
        { field: 'lastName', message: 'lastName must be shorter than or equal to 200 characters' },
      ]),
    });
    renderApp('/order');
    const dialog = await fillNewCustomer();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create order' }));

    const lastName = within(dialog).getByLabelText('Last name');
    const product = within(dialog).getByLabelText('Product');
    const date = within(dialog).getByRole('textbox', { name: 'Order date' });
    expect(
      await within(dialog).findByText('lastName must be shorter than or equal to 200 characters'),
    ).toBeVisible();
    expect(lastName).toHaveClass('is-invalid');
    // The product's name is checked beside its id: the first of the two is said under Product.
    expect(
      within(dialog).getByText('product must be shorter than or equal to 500 characters'),
    ).toBeVisible();
    expect(within(dialog).queryByText('No such product')).toBeNull();
    expect(product).toHaveClass('is-invalid');
    expect(within(dialog).getByText('The order date is required')).toBeVisible();
    expect(date).toHaveClass('is-invalid');
    await waitFor(() => expect(lastName).toHaveFocus());
    expect(posts(calls)).toHaveLength(1);

    // A field changed no longer holds what was refused; the others still say it.
    await userEvent.selectOptions(product, 'p2');
    expect(within(dialog).queryByText(/^product must be/)).toBeNull();
    expect(product).not.toHaveClass('is-invalid');
    expect(within(dialog).getByText('The order date is required')).toBeVisible();
  });

  it("the server's refusal of the organization is said under the picker, which takes the focus", async () => {
    mockOrders({
      'POST /api/order': refusal([
        {
          field: 'totalPaid',
          message: 'totalPaid must be an amount of euros from 0 with at most 2 decimals',
        },
        { field: 'organizationId', message: 'No such organization' },
      ]),
    });
    renderApp('/order');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a new order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new order' });
    const organization = within(dialog).getByRole('combobox', { name: 'Organization' });
    await userEvent.type(organization, 'Emer');
    await userEvent.click(await screen.findByRole('option', { name: 'Emerald Isle Trading Ltd' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Product'), 'p1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Order date' }), '02/11/2026');
    await userEvent.type(within(dialog).getByLabelText('Total paid (€)'), '12,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create order' }));

    const message = await within(dialog).findByText('No such organization');
    expect(organization).toHaveAttribute('aria-invalid', 'true');
    expect(organization.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(
      within(dialog).getByText(
        'totalPaid must be an amount of euros from 0 with at most 2 decimals',
      ),
    ).toBeVisible();
    await waitFor(() => expect(organization).toHaveFocus());
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

  it("the server's refusal of the organization is said under its picker, which takes the focus", async () => {
    const calls = mockOrders({
      'GET /api/order/ord1': () => json(200, { ok: true, data: order() }),
      'PUT /api/order/ord1': () =>
        validationRefusal([
          { field: 'organizationId', message: 'No such organization' },
          { field: 'productId', message: 'No such product' },
        ]),
    });
    renderApp('/order/ord1');
    const organization = await screen.findByRole('combobox', { name: 'Organization' });
    const product = screen.getByLabelText('Product');
    expect(organization).toHaveAttribute('aria-invalid', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));

    const message = await screen.findByText('No such organization');
    expect(message).toBeVisible();
    expect(organization).toHaveAttribute('aria-invalid', 'true');
    expect(organization.getAttribute('aria-errormessage')).toBe(message.id);
    expect(organization.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    // The product, a plain select, says its refusal under itself too.
    expect(screen.getByText('No such product')).toBeVisible();
    expect(product).toHaveClass('is-invalid');
    // The picker comes first on the page: it takes the focus.
    await waitFor(() => expect(organization).toHaveFocus());

    // Another choice no longer holds what was refused.
    await userEvent.type(organization, 'Emer');
    await userEvent.click(await screen.findByRole('option', { name: 'Emerald Isle Trading Ltd' }));
    expect(screen.queryByText('No such organization')).toBeNull();
    expect(organization).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('No such product')).toBeVisible();
  });
});
