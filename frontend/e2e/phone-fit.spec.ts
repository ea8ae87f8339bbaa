import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { IMPORT_WORKBOOK as WORKBOOK, screenshots, signUp } from './support';

// A phone held upright: below Bootstrap's sm (576 px).
test.use({ viewport: { width: 360, height: 780 } });

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('on a phone: a 300-letter name wraps in its card, the calendar opens on the agenda and its month fits, the tabs have a picker, the mapping selects are full width', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now();
  await signUp(page, stamp, { firstName: 'Fiadh', lastName: 'Narrow', emailPrefix: 'fiadh.fit' });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `JWT ${token}` };

  // ---- A name of 300 letters without a space, among ordinary ones.
  const long = `Z${stamp.toString(36)}${'x'.repeat(300)}`.slice(0, 300);
  for (const name of [long, `Short ${stamp} Ltd`]) {
    const answer = await page.request.post('/api/organization', { headers, data: { name } });
    expect(answer.ok()).toBe(true);
  }
  const created = await page.request.post('/api/organization/search', {
    headers,
    data: { search: long.slice(0, 20), limit: 1 },
  });
  const organizationId = ((await created.json()) as { data: Array<{ _id: string }> }).data[0]._id;
  await page.request.put(`/api/organization/${organizationId}`, {
    headers,
    // An annual return this month: the calendar shows it under the long name.
    data: { nextArReminder: `${new Date().toISOString().slice(0, 8)}15` },
  });
  await page.goto('/organization');
  const cards = page.getByRole('list', { name: 'Organizations' });
  await expect(cards.getByRole('link', { name: long })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  const widths = await cards
    .locator(':scope > li')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width));
  expect(Math.max(...widths)).toBeLessThanOrEqual(360);
  await shot('long-name-cards');

  // ---- Its record: the title wraps, and every tab is one select away.
  await cards.getByRole('link', { name: long }).click();
  await expect(page.getByRole('heading', { level: 1, name: long })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  const picker = page.getByLabel(/^Section \(1 of \d+\)$/);
  await expect(picker).toBeVisible();
  const options = await picker.locator('option').allTextContents();
  expect(options.length).toBeGreaterThanOrEqual(12);
  expect(options).toEqual(expect.arrayContaining(['General', 'Accounting', 'Notes', 'Raw data']));
  await picker.selectOption({ label: 'Notes' });
  await expect(page).toHaveURL(new RegExp(`/organization/${organizationId}/NOTES_TAB$`));
  await expect(page.getByRole('tab', { name: 'Notes', selected: true })).toBeVisible();
  await expect(page.getByLabel(/^Section \(\d+ of \d+\)$/)).toHaveValue('NOTES_TAB');
  await shot('organization-tab-picker');

  // ---- The calendar: the agenda first, the month one button away and as wide as the page.
  await page.goto('/calendar?user=all');
  await expect(page.getByRole('button', { name: 'Agenda' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('list', { name: 'Agenda' })).toBeVisible();
  await page.getByRole('button', { name: 'Month' }).click();
  await expect(page).toHaveURL(/view=month/);
  const month = page.getByRole('table', { name: /^Month of / });
  await expect(month).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  const box = await month.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  // An entry is never cut to a few letters: it wraps, and its title holds all of it.
  const entry = month.getByRole('link', { name: new RegExp(long.slice(0, 30)) }).first();
  await expect(entry).toBeVisible();
  const clipped = await entry.evaluate((link) => link.scrollWidth > link.clientWidth + 1);
  expect(clipped).toBe(false);
  await expect(entry).toHaveAttribute('title', new RegExp(`^${long}: `));
  await shot('calendar-month-phone');

  // ---- The import's mapping: each select as wide as the page's content.
  await page.goto('/import');
  await page.getByLabel('What the file holds').selectOption('organizations');
  await page.getByLabel('File (.csv or .xlsx)').setInputFiles(WORKBOOK);
  await page.getByRole('button', { name: 'Upload' }).click();
  const select = page.getByLabel('Field for Client');
  await expect(select).toBeVisible();
  const selectBox = await select.boundingBox();
  const content = await page.locator('main').boundingBox();
  expect(selectBox?.width ?? 0).toBeGreaterThan((content?.width ?? 360) * 0.8);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await shot('import-mapping-phone');
});
