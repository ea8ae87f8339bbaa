import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createOrganization, screenshots, signUp } from './support';

test('the organization list exports what it shows as CSV: search and sort kept, every row', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now();
  await signUp(page, stamp, { firstName: 'Niamh', lastName: 'Walsh', emailPrefix: 'niamh.export' });
  const tag = `Xport${stamp.toString(36)}`;
  for (const name of [`${tag} Zephyr Ltd`, `${tag} Alder Ltd`, `${tag} Birch Teoranta`]) {
    await createOrganization(page, name);
  }

  await page.getByRole('navigation').getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('searchbox').fill(tag);
  await expect(page.getByRole('link', { name: `${tag} Alder Ltd` })).toBeVisible();
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.locator('tbody tr').first()).toContainText(`${tag} Alder Ltd`);
  await shot('organization-list-before-export');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^organizations-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'Name,CRO,Incorporation date,First AR,Next AR reminder,Creation status,Assigned users,Created at',
  );
  expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual([
    `${tag} Alder Ltd`,
    `${tag} Birch Teoranta`,
    `${tag} Zephyr Ltd`,
  ]);
});
