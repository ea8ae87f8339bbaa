import { expect, test } from '@playwright/test';
import { createOrganization, screenshots, signInAsAdmin, toast } from './support';

// The walks share one fresh database: its first account is the administrator the Activity page
// needs.
test('an organization’s date changes read on its History tab; an admin restores it from Activity', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  await signInAsAdmin(page);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Activity' })).toBeVisible();

  const name = `History ${Date.now().toString(36)} Ltd`;
  const id = await createOrganization(page, name);
  await page.getByRole('tab', { name: /^Accounting/ }).click();
  await page.getByLabel('Incorporation date').fill('14/03/2025');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await page.getByLabel('Incorporation date').fill('15/03/2025');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!').last()).toBeVisible();

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('list', { name: 'Changes' });
  await expect(
    history.getByText('Mary Byrne changed Incorporation date from 14/03/2025 to 15/03/2025'),
  ).toBeVisible();
  await expect(history.getByText('Mary Byrne set Incorporation date to 14/03/2025')).toBeVisible();
  await shot('organization-history');

  // Deleted, then restored by the administrator from the Activity page.
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/organization$/);

  await page.getByRole('navigation').getByRole('link', { name: 'Activity' }).click();
  await page.getByLabel('Record type').selectOption('organization');
  const deletion = page
    .getByTestId('audit-entry')
    .filter({ hasText: `Mary Byrne deleted organization ${name}` });
  await expect(deletion).toBeVisible();
  await shot('activity');
  await deletion.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(toast(page, `Restored ${name}`)).toBeVisible();
  await page.goto(`/organization/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
