import { expect, test } from '@playwright/test';
import { createOrganization, screenshots, signUp } from './support';

test('the top bar search: Ctrl-K, a company name typed, the organization opened with Enter', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const name = `Searchable Emerald ${stamp} Ltd`;
  const shot = screenshots(page, testInfo);

  await signUp(page, stamp, { firstName: 'Orla', lastName: 'Walsh', emailPrefix: 'orla' });
  const id = await createOrganization(page, name);
  await page.goto('/');

  const box = page.getByRole('combobox', {
    name: 'Search organizations, people, tasks, orders and requests',
  });
  // The shortcut works once the signed-in screen is drawn.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(box).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await box.fill(`emerald ${stamp}`);
  const found = page.getByRole('option', { name: new RegExp(name) });
  await expect(found).toBeVisible();
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await shot('search-results');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/organization/${id}`));
  await expect(box).toHaveValue('');
});
