import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createOrganization, screenshots, signUp, toast } from './support';

test('products, an order for a new customer, its VAT, a subscription it pays, both lists and the export', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const shot = screenshots(page, testInfo);
  const oneOff = `Formation ${stamp}`;
  const recurring = `Domiciliation ${stamp}`;
  const name = `Paying Customer ${stamp} Ltd`;

  await signUp(page, stamp, { firstName: 'Maeve', lastName: 'Doyle', emailPrefix: 'maeve' });
  const organizationId = await createOrganization(page, name);

  // Two products: one-off and by subscription.
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await page.getByRole('button', { name: 'Manage products' }).click();
  const products = page.getByRole('dialog', { name: 'Manage products' });
  await products.getByRole('button', { name: 'Create product' }).click();
  await expect(products.getByText('Product name is required')).toBeVisible();
  await products.getByPlaceholder('Product name').fill(oneOff);
  await products.getByRole('button', { name: 'Create product' }).click();
  await expect(toast(page, 'New product created!')).toBeVisible();
  await products.getByPlaceholder('Product name').fill(recurring);
  await products.getByLabel('Is this a subscription product?').check();
  await products.getByRole('button', { name: 'Create product' }).click();
  await expect(products.getByRole('row', { name: `${recurring} Yes` })).toBeVisible();
  await shot('manage-products');
  await products.getByRole('button', { name: 'Close' }).click();

  // An order for a customer whose organization does not exist yet.
  await page.getByRole('button', { name: 'Add a new order' }).click();
  const add = page.getByRole('dialog', { name: 'Add a new order' });
  await expect(add.getByText('Please fill in all required fields to submit')).toBeVisible();
  await add.getByLabel("The organization doesn't exist yet").check();
  await add.getByLabel('First name').fill('Aoife');
  await add.getByLabel('Last name').fill(`Murphy${stamp}`);
  await add.getByLabel('Product').selectOption({ label: recurring });
  await add.getByRole('textbox', { name: 'Order date' }).fill('02/11/2026');
  await add.getByLabel('Total paid (€)').fill('120.50');
  await add.getByRole('button', { name: 'Create order' }).click();
  await expect(toast(page, 'Order Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Aoife Murphy${stamp}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The customer's organization now exists: set it, and the VAT.
  await page.getByLabel('Organization', { exact: true }).fill(`Paying Customer ${stamp}`);
  await page.getByRole('option', { name }).click();
  await page.getByLabel('Total amount (€)').fill('241');
  await page.getByLabel('With VAT').check();
  await page.getByLabel('VAT number').fill('IE1234567T');
  await page.getByLabel('No VAT').check();
  await expect(page.getByLabel('With VAT')).not.toBeChecked();
  await expect(page.getByLabel('VAT number')).toHaveCount(0);
  await page.getByLabel('With VAT').check();
  await page.getByLabel('VAT number').fill('IE1234567T');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await expect(page.getByLabel('Balance to pay')).toHaveValue('€241.00');
  await shot('order-detail');

  // The organization's Services (Beta): a subscription the order pays.
  await page.goto(`/organization/${organizationId}`);
  await page.getByRole('tab', { name: 'Services Beta' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/SERVICE_TAB_BETA$`));
  await page.getByLabel('Product').selectOption({ label: recurring });
  await page.getByLabel('Period (months)').fill('12');
  await page.getByRole('textbox', { name: 'Starting date' }).fill('01/11/2026');
  await page.getByRole('button', { name: 'Add subscription' }).click();
  await expect(toast(page, 'Subscription created successfully')).toBeVisible();
  const subscription = page.getByTestId('subscription');
  await expect(subscription.getByTestId('missing-payments')).toHaveText('Missing payments: 1');
  // Nothing to link until an order is chosen.
  await expect(subscription.getByRole('button', { name: 'Link order' })).toBeDisabled();
  await subscription.getByLabel(/^Order to link/).selectOption({ index: 1 });
  await subscription.getByRole('button', { name: 'Link order' }).click();
  await expect(toast(page, 'Order linked successfully')).toBeVisible();
  await expect(subscription.getByTestId('missing-payments')).toHaveText('Missing payments: 0');
  await expect(subscription.getByTestId('next-due')).toHaveText('Next due: 01/11/2027');
  await subscription.getByLabel(/^Status of/).selectOption('UNPAID');
  await expect(toast(page, 'Subscription status updated')).toBeVisible();
  await shot('organization-services-beta');

  // /order: filters survive a reload; the export holds the order.
  await page.goto('/order');
  await page.getByLabel('Product').selectOption({ label: recurring });
  await page.getByLabel('Origin').selectOption('N/A');
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${name}`) })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Origin')).toHaveValue('N/A');
  await expect(page.getByRole('link', { name: new RegExp(`^Order ${name}`) })).toHaveCount(1);
  await shot('orders-filtered');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${name},Murphy${stamp},Aoife`);
  expect(lines[1]).toContain('241.00');

  // /subscription: filtered by product and status; a row opens the organization's subscriptions.
  await page.getByRole('navigation').getByRole('link', { name: 'Subscriptions' }).click();
  await page.getByLabel('Product').selectOption({ label: recurring });
  await page.getByLabel('Status').selectOption('UNPAID');
  const row = page.getByRole('link', { name: `${name} ${recurring}` });
  await expect(row).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('UNPAID');
  await shot('subscriptions-filtered');
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/SERVICE_TAB_BETA$`));

  // The order page is still where it was.
  await page.goto(orderUrl);
  await expect(page.getByLabel('VAT number')).toHaveValue('IE1234567T');
});
