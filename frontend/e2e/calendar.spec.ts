import { expect, test } from '@playwright/test';
import { api, screenshots, signUp, toast } from './support';

/** Today in Dublin, moved by `days`, as YYYY-MM-DD. */
function dublinDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test('the calendar month shows overdue items in red, filters to one kind, lists it as an agenda and opens the record; a feed address; the overview', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now();
  await signUp(page, stamp, { firstName: 'Niamh', lastName: 'Walsh', emailPrefix: 'niamh.cal' });
  const me = await api(page, 'GET', '/user/signin_token');
  const name = `Calendar Walk ${stamp.toString(36)} Ltd`;
  const organization = await api(page, 'POST', '/organization', { name });
  const overdue = dublinDay(-5);
  await api(page, 'PUT', `/organization/${organization._id}`, {
    users: [{ userId: me._id, userName: 'Niamh Walsh' }],
    nextArReminder: overdue,
    B1B73: overdue,
  });

  await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  // The month of the overdue date (this month, or the last one early in a month).
  await page.goto(`/calendar?month=${overdue.slice(0, 7)}`);
  const ard = page.getByRole('link', { name: `${name}: Annual return date` });
  await expect(ard).toBeVisible();
  await expect(ard).toHaveCSS('color', 'rgb(220, 53, 69)');
  await expect(page.getByRole('link', { name: `${name}: B1/B73` })).toBeVisible();
  await shot('calendar-month');

  // Only the B1/B73 dates.
  for (const kind of [
    'Annual return date',
    'Filing deadline',
    'Corporation tax',
    'AML review due',
    'Follow-up deadline',
    'Subscription due',
  ]) {
    // The boxes show the address, which the click changes a moment later.
    const box = page.getByRole('checkbox', { name: kind });
    await box.click();
    await expect(box).not.toBeChecked();
  }
  await expect(page).toHaveURL(/kinds=b1b73/);
  await expect(ard).toBeHidden();
  const b1b73 = page.getByRole('link', { name: `${name}: B1/B73` });
  await expect(b1b73).toBeVisible();
  await shot('calendar-one-kind');

  // The same month as an agenda: a row per obligation, with its date and kind.
  await page.getByRole('button', { name: 'Agenda' }).click();
  await expect(page).toHaveURL(/view=agenda/);
  const agenda = page.getByRole('table', { name: 'Agenda' });
  const row = agenda.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('B1/B73');
  await expect(row).toContainText('Niamh Walsh');
  await shot('calendar-agenda');
  await row.getByRole('link', { name: `${name}: B1/B73` }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${organization._id}/ACCOUNTING_TAB$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A private feed address, shown once, that a calendar app reads without a session.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Create feed address' }).click();
  const address = page.getByRole('textbox', { name: 'Feed address' });
  await expect(address).toHaveValue(/\/api\/calendar\/feed\/[\w-]{43}\.ics$/);
  await expect(toast(page, 'Copied')).toHaveCount(0);
  await shot('calendar-feed');
  const feed = await page.request.get(new URL(await address.inputValue()).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain(`SUMMARY:${name}: Annual return date`);

  // The overview's charts, each with its table.
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await page.goto(`/overview?from=${overdue.slice(0, 7)}-01`);
  const obligations = page.getByRole('table', { name: /Obligations per month/ });
  await expect(obligations).toBeVisible();
  await expect(obligations.getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Overdue by kind' })).toContainText('B1/B73');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await shot('overview');
});
