import { expect, test } from '@playwright/test';
import { createOrganization, screenshots, signUp, toast } from './support';

test('a follow-up from the organization tab to the list and the dashboard', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const name = `Follow Through ${stamp} Ltd`;
  const shot = screenshots(page, testInfo);

  await signUp(page, stamp, { firstName: 'Aisling', lastName: 'Nolan', emailPrefix: 'aisling' });
  const id = await createOrganization(page, name);

  // Add an AR_TRADING follow-up from the organization's Follow-ups tab.
  await page.getByRole('tab', { name: 'Follow-ups' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/FOLLOW_UP_BETA_TAB$`));
  await page.getByLabel('Follow-up type').selectOption('AR_TRADING');
  await page.getByRole('button', { name: 'Add follow-up' }).click();
  await expect(toast(page, 'Added!')).toBeVisible();
  const card = page.getByTestId('follow-up-card');
  await expect(card).toContainText('Annual Return (trading)');
  await expect(card).toContainText('No deadline');

  // A second one of the same type is refused: "<type> already exists!".
  await page.getByLabel('Follow-up type').selectOption('AR_TRADING');
  await page.getByRole('button', { name: 'Add follow-up' }).click();
  await expect(toast(page, 'Annual Return (trading) already exists!')).toBeVisible();

  // Its ARD sets the deadline 56 days later.
  const ard = card.getByRole('textbox', { name: 'ARD' });
  await ard.fill('01/03/2026');
  await expect(card.locator('time[datetime="2026-04-26"]')).toContainText('26/04/2026');
  // An impossible date reverts when the field is left, without saving.
  await ard.fill('31/02/2026');
  await card.getByLabel('Comments').click();
  await expect(ard).toHaveValue('01/03/2026');

  // Steps forward and back.
  const steps = card.getByRole('list', { name: 'Steps' }).getByRole('button');
  await steps.nth(3).click();
  await expect(steps.nth(3)).toHaveAttribute('aria-current', 'step');
  await steps.nth(1).click();
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await card.getByLabel('Comments').fill('Accounts with the client');
  await card.getByRole('button', { name: 'Save comments' }).click();
  await expect(card.getByRole('button', { name: 'Save comments' })).toBeHidden();
  await card.getByRole('button', { name: /^History/ }).click();
  await expect(card).toContainText('Aisling Nolan moved it from step 3 to step 1');
  await shot('organization-follow-ups');

  // Archive, find it among the archived, unarchive.
  await card.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('No follow-ups yet')).toBeVisible();
  await page.getByRole('button', { name: 'Archived' }).click();
  await expect(card).toContainText('Annual Return (trading)');
  await card.getByRole('button', { name: 'Unarchive' }).click();
  await expect(page.getByText('No archived follow-ups')).toBeVisible();
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(card).toContainText('Accounts with the client');

  // The /followUp list, filtered; the filters survive a reload.
  await page.getByRole('navigation').getByRole('link', { name: 'Follow-ups' }).click();
  await expect(page).toHaveURL(/\/followUp$/);
  await page.getByLabel('Organization name').fill(`Follow Through ${stamp}`);
  await page.getByLabel('Follow-up', { exact: true }).selectOption('AR_TRADING');
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toContainText('26/04/2026');
  await expect(row).toContainText('Accounts with the client');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  // Once the typing pause has passed (300 ms), the filters are stored under followUpFilters.
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('followUpFilters')))
    .toContain(`Follow Through ${stamp}`);
  await page.reload();
  await expect(page.getByLabel('Organization name')).toHaveValue(`Follow Through ${stamp}`);
  await expect(page.getByLabel('Follow-up', { exact: true })).toHaveValue('AR_TRADING');
  await expect(row).toBeVisible();
  await shot('follow-up-list');

  // The row opens the organization's tab.
  await row.getByRole('cell', { name: 'Annual Return (trading)' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/FOLLOW_UP_BETA_TAB$`));
  await expect(page.getByTestId('follow-up-card')).toBeVisible();

  // The dashboard's Follow Ups card, filtered by type, opens it too.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  const followUps = page.getByRole('region', { name: /^Follow Ups/ });
  await followUps.getByLabel('Follow-up type').selectOption('AR_TRADING');
  await followUps.getByLabel('Deadline order').selectOption('desc');
  const entry = followUps.getByRole('link', { name });
  await expect(entry).toBeVisible();
  await expect(followUps).toContainText('Accounts with the client');
  await shot('dashboard-follow-ups');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/FOLLOW_UP_TAB$`));
  await expect(page.getByRole('tab', { name: 'Follow-ups' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('follow-up-card')).toContainText('Annual Return (trading)');
});
