import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createOrganization, screenshots, signUp, toast } from './support';

test('AML: appendix 2 scored high, saved, reviewed; the AML file downloaded; the register', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const name = `Risky Trading ${stamp} Ltd`;
  const shot = screenshots(page, testInfo);

  await signUp(page, stamp, { firstName: 'Ciara', lastName: 'Byrne', emailPrefix: 'ciara' });
  const id = await createOrganization(page, name);

  await page.getByRole('tab', { name: 'AML', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/AML_TAB$`));
  const total = page.getByTestId('aml-total-score');
  const level = page.getByTestId('aml-live-risk-level');
  // A new organization is not assessed: no score, no risk colour, until appendix 2 is saved.
  await expect(total).toHaveText('—');
  await expect(level).toHaveText('Not assessed');
  await expect(page.getByTestId('aml-next-review')).toHaveText('—');
  await shot('aml-not-assessed');

  // Answer every question yes: 30 points, high, in red.
  for (let n = 1; n <= 13; n++) {
    await page.getByTestId(`aml-appendix2_q${n}`).getByLabel('Yes').check();
  }
  await expect(total).toHaveText('30');
  await expect(level).toHaveText('High');
  await expect(level).toHaveClass(/bg-danger/);
  await page.getByLabel('Signature', { exact: true }).fill('C. Byrne');

  // Appendix 4: a corporate form with its defaults, and a signature from the picker (5 users).
  await page.getByRole('tab', { name: 'Appendix 4' }).click();
  await expect(page.getByLabel('Structure type')).toHaveValue('Limited');
  await page.getByLabel('Trading name').fill('Risky');
  await page.getByRole('combobox', { name: 'Signature' }).fill('Ciara');
  await page.getByRole('option', { name: 'Ciara Byrne' }).click();

  // Update on appendix 4: the changed fields go; appendix 2 changed too, so it is a review.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  const nextReview = page.getByTestId('aml-next-review');
  await expect(nextReview).not.toHaveText('—');
  await expect(page.getByText(/by Ciara Byrne/)).toBeVisible();
  await expect(page.getByLabel('Trading name')).toHaveValue('Risky');
  await shot('aml-appendix-4-saved');

  await page.getByRole('tab', { name: 'Appendix 2' }).click();
  await expect(level).toHaveText('High');
  await shot('aml-appendix-2-high');

  // The General tab reads the stored level.
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByTestId('aml-risk-level')).toHaveText('High');

  // The AML file.
  await page.getByRole('tab', { name: 'AML', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download AML file (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^aml-risky-trading-\d+-ltd\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The register: nobody over 25 % yet.
  await expect(page.getByText('No shareholder holds over 25 %.')).toBeVisible();

  // The organization list finds it by its risk level.
  await page.goto('/organization');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('AML risk').selectOption('high');
  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(`${stamp}`);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await shot('organizations-aml-filter');
});
