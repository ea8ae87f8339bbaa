import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { screenshots, signUp, toast } from './support';

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The signed-in walker's calls to the API: its headers, and a POST that answers the record. */
async function apiOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `JWT ${token}` };
  const post = async (path: string, data: Record<string, unknown>) => {
    const answer = await page.request.post(`/api${path}`, { headers, data });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { data: { _id: string } }).data;
  };
  return { headers, post };
}

test('on a phone, lists show cards (name, key date, status) and the detail tabs stay usable', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now();
  await signUp(page, stamp, { firstName: 'Ciara', lastName: 'Doyle', emailPrefix: 'ciara.phone' });
  const name = `Phone ${stamp.toString(36)} Holdings Ltd`;
  // On a phone the menu is folded away: the dashboard's card creates the organization.
  await page
    .getByRole('region', { name: 'Organizations' })
    .getByRole('button', { name: 'New Organization' })
    .click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goto('/organization');
  const cards = page.getByRole('list', { name: 'Organizations' });
  await expect(cards.getByRole('link', { name })).toBeVisible();
  await expect(cards).toContainText('Next AR reminder');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot('organizations-phone');

  await cards.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('tab', { name: /^Accounting/ }).click();
  await expect(page.getByLabel('Incorporation date')).toBeVisible();
  await page.getByLabel('Incorporation date').fill('14/03/2025');
  await expect(page.getByLabel('First AR date')).toHaveValue('14/09/2025');
  await expectNoSidewaysScroll(page);
  await shot('organization-accounting-phone');

  const { post } = await apiOf(page);
  await post('/people', {
    firstName: 'Séamus',
    lastName: `Ó Ceallaigh ${stamp.toString(36)}`,
    mail: 'seamus@example.ie',
  });
  await page.goto('/people');
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByRole('link', { name: /Séamus Ó Ceallaigh/ })).toBeVisible();
  await expect(people).toContainText('VIF OFF');
  await expectNoSidewaysScroll(page);
  await shot('people-phone');
});

test('on a phone, the orders, an organization’s payments and the follow-ups are cards', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now();
  const tag = stamp.toString(36);
  await signUp(page, stamp, { firstName: 'Nuala', lastName: 'Brady', emailPrefix: 'nuala.phone' });
  const { post } = await apiOf(page);
  const name = `Pocket ${tag} Trading Ltd`;
  const organization = await post('/organization', { name });
  const product = await post('/product', { name: `Formation ${tag}`, subscription: false });
  await post('/order', {
    organizationId: organization._id,
    productId: product._id,
    dateOrder: '2026-11-02',
    totalPaid: 120.5,
  });
  await post('/followUp', { name: 'AR_TRADING', organization_id: organization._id });

  await page.goto('/order');
  const orders = page.getByRole('list', { name: 'Orders' });
  const order = orders.getByRole('listitem').filter({ hasText: name });
  await expect(order.getByRole('link', { name })).toBeVisible();
  await expect(order).toContainText(`Formation ${tag}`);
  await expect(order).toContainText('Order date: 02/11/2026');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot('orders-phone');

  await page.goto(`/organization/${organization._id}/PAYMENT_TAB`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const payments = page.getByRole('list', { name: 'Domiciliation payments' });
  await expect(payments.getByRole('listitem')).toHaveCount(1);
  await expect(payments).toContainText('Payment 1');
  await expect(payments).toContainText('Open');
  await expect(payments.getByRole('textbox', { name: 'Domiciliation paid date 1' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot('payments-phone');

  await page.goto('/followUp');
  const followUps = page.getByRole('list', { name: 'Follow-ups' });
  const followUp = followUps.getByRole('link', { name: `${name}: Annual Return (trading)` });
  await expect(followUp).toBeVisible();
  await expect(followUps).toContainText('In progress');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot('follow-ups-phone');
  await followUp.click();
  await expect(page).toHaveURL(new RegExp(`/organization/${organization._id}/FOLLOW_UP_BETA_TAB$`));
});

test('on a phone, the task board shows one column at a time and Services (Beta) has its own address', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now();
  const tag = stamp.toString(36);
  await signUp(page, stamp, { firstName: 'Ronan', lastName: 'Kehoe', emailPrefix: 'ronan.phone' });
  const { headers, post } = await apiOf(page);
  const title = `Call the bank ${tag}`;
  const task = await post('/task', { title });
  // A task is saved with its users: the walker's own, as the edit dialog would.
  const me = (await (await page.request.get('/api/user/signin_token', { headers })).json()) as {
    data: { _id: string };
  };
  const assigned = await page.request.put(`/api/task/${task._id}`, {
    headers,
    data: { title, status: 'TO DO', users: [{ userId: me.data._id }] },
  });
  expect(assigned.ok()).toBe(true);

  // The board: a column switcher, To do shown, the other columns hidden.
  await page.goto('/task');
  const switcher = page.getByRole('tablist', { name: 'Task columns' });
  await expect(switcher.getByRole('tab')).toHaveText(['To do', 'In progress', 'Done']);
  await expect(switcher.getByRole('tab', { name: 'To do' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const todo = page.getByRole('tabpanel', { name: 'To do' });
  const card = todo.getByTestId('task-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(page.getByRole('region', { name: /^In progress/ })).toBeHidden();
  await expectNoSidewaysScroll(page);
  await shot('task-board-phone-todo');

  // A card moved from its menu lands in the column the switcher then shows.
  await card.getByLabel(`Move ${title} to`).selectOption('IN PROGRESS');
  await expect(toast(page, 'Task updated successfully!')).toBeVisible();
  await switcher.getByRole('tab', { name: 'In progress' }).click();
  const inProgress = page.getByRole('tabpanel', { name: 'In progress' });
  await expect(inProgress.getByTestId('task-card').filter({ hasText: title })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'To do' })).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(switcher.getByRole('tab', { name: 'Done' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Done' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(inProgress).toBeVisible();
  await shot('task-board-phone-in-progress');

  // A subscription's card opens the organization's Services (Beta) tab, on its own address.
  const name = `Beta ${tag} Services Ltd`;
  const organization = await post('/organization', { name });
  const product = await post('/product', { name: `Domiciliation ${tag}`, subscription: true });
  await post('/subscription', {
    organizationId: organization._id,
    productId: product._id,
    plan: 12,
    startingDate: '2026-11-01',
  });
  await page.goto('/subscription');
  await page.getByRole('list', { name: 'Subscriptions' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${organization._id}/SERVICE_TAB_BETA$`));
  const beta = page.getByRole('tab', { name: 'Services Beta' });
  await expect(beta).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: `Domiciliation ${tag}` })).toBeVisible();
  // A reload lands on the same tab, scrolled into the row of tabs.
  await page.reload();
  await expect(beta).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: `Domiciliation ${tag}` })).toBeVisible();
  await expect(beta).toBeInViewport();
  await expectNoSidewaysScroll(page);
  // The new subscription's starting date shows whole beside its two buttons.
  const start = page.getByLabel('Starting date', { exact: true });
  await expect(start).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(await start.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
  await shot('services-beta-phone');

  // Far along the row, Notes opened by its address is scrolled into view too.
  await page.goto(`/organization/${organization._id}/NOTES_TAB`);
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Notes' })).toBeInViewport();
  await shot('organization-notes-tab-phone');
});
