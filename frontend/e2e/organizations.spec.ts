import { expect, test } from '@playwright/test';
import { createOrganization, screenshots, signUp, toast } from './support';

test('an organization from creation to deletion: members, roles, duplicates, accounting dates', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const name = `Harbour Tech ${stamp} Ltd`;
  const twin = `harbour tech ${stamp} limited`;
  // Modal fades and collapses run as CSS transitions: let them finish for a clean picture.
  const shot = screenshots(page, testInfo);

  await signUp(page, stamp, { firstName: 'Orla', lastName: 'Byrne', emailPrefix: 'orla' });

  // Create an organization; it opens on its General tab.
  const id = await createOrganization(page, name);
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await shot('organization-general');

  // Add a person from it: New People creates the person, links it and opens the person.
  await page.getByRole('tab', { name: /^Members/ }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/PEOPLE_TAB$`));
  await page.getByRole('button', { name: 'New People' }).click();
  const newPeople = page.getByRole('dialog');
  await newPeople.getByLabel('First Name').fill('Ciara');
  await newPeople.getByLabel('Last Name').fill(`Doyle${stamp}`);
  await newPeople.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}/);
  await shot('person-created-from-organization');

  // Back on the organization, the person is a member: give her roles with a beneficiary %.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/PEOPLE_TAB$`));
  const card = page.getByTestId('member-card');
  await expect(card).toContainText(`Ciara Doyle${stamp}`);
  await expect(card.getByRole('link', { name: `Ciara Doyle${stamp}` })).toHaveAttribute(
    'href',
    /\/people\/[0-9a-f-]{36}\/INFORMATION$/,
  );
  await expect(page.getByRole('tab', { name: /^Members/ })).toHaveText('Members1');
  await card.getByRole('button', { name: 'Edit Roles' }).click();
  const roles = page.getByRole('dialog');
  await roles.getByRole('checkbox', { name: 'Director', exact: true }).check();
  await roles.getByRole('checkbox', { name: 'Shareholder' }).check();
  await roles.getByLabel('Beneficiary %').fill('40');
  await roles.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Roles updated successfully!')).toBeVisible();
  await expect(card).toContainText('Director');
  await expect(card).toContainText('Shareholder');
  await expect(card).toContainText('Beneficiary: 40%');
  await shot('organization-members');

  // Both appear on the dashboard's cards.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('region', { name: 'Organizations' })).toContainText(name);
  await expect(page.getByRole('region', { name: 'People' })).toContainText(`Doyle${stamp}`);
  await shot('dashboard');

  // A near twin ("X Ltd" vs "x limited") shows up as a duplicate pair.
  const twinId = await createOrganization(page, twin);
  await page.getByRole('navigation').getByRole('link', { name: 'Organizations' }).click();
  await expect(page.getByRole('link', { name: name, exact: true })).toBeVisible();
  await shot('organization-list');
  await page.getByRole('button', { name: 'Duplicates' }).click();
  const group = page.getByTestId('duplicate-group').filter({ hasText: name });
  await expect(group).toContainText('2');
  await expect(group.getByRole('link', { name: twin })).toHaveAttribute(
    'href',
    `/organization/${twinId}`,
  );
  await shot('organization-duplicates');

  // Accounting: incorporation date, first AR done, financial year end; the server derives the rest.
  await group.getByRole('link', { name: name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}$`));
  await page.getByRole('tab', { name: /^Accounting/ }).click();
  await expect(page.getByLabel('Financial year end')).toBeDisabled();
  await page.getByLabel('Incorporation date').fill('14/03/2025');
  await expect(page.getByLabel('First AR date')).toHaveValue('14/09/2025');
  await page.getByRole('checkbox', { name: 'Pending' }).check();
  await expect(page.getByRole('checkbox', { name: 'Done' })).toBeChecked();
  await page.getByLabel('Financial year end').fill('31/12/2025');
  await expect(page.getByLabel('Corporation tax reminder')).toHaveValue('30/09/2026');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await expect(page.getByLabel('First AR date')).toHaveValue('14/09/2025');
  await expect(page.getByLabel('Corporation tax reminder')).toHaveValue('30/09/2026');
  await shot('organization-accounting-updated');
  // What the server stored, not only the client's preview.
  await page.getByRole('tab', { name: 'Raw data' }).click();
  const raw = page.getByTestId('raw-data');
  await expect(raw).toContainText('"firstAr": "2025-09-14"');
  await expect(raw).toContainText('"status": true');
  await expect(raw).toContainText('"financialYearEnd": "2025-12-31"');
  await expect(raw).toContainText('"corporationTaxPaidReminder": "2026-09-30"');

  // Services and payments: a domiciliation paid 5 days late; the server keeps the paid row and
  // sets the paid-reminder a plan later.
  await page.getByRole('tab', { name: /^Services(?!\s*Beta)/ }).click();
  await page.getByRole('checkbox', { name: 'Domiciliation' }).check();
  await page.getByLabel('Domiciliation subscription date').fill('15/01/2025');
  await page.getByRole('tab', { name: 'Payments' }).click();
  await page.getByLabel('Domiciliation paid date 1').fill('20/01/2025');
  const domiciliation = page.getByTestId('payments-domiciliation');
  await expect(domiciliation.getByTestId('domiciliation-row-0')).toContainText('Late by 5 days');
  await expect(domiciliation.getByTestId('domiciliation-row-1')).toContainText('15/01/2026');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await expect(domiciliation.getByTestId('domiciliation-row-1')).toContainText('Open');
  await shot('organization-payments');
  await page.getByRole('tab', { name: /^Services(?!\s*Beta)/ }).click();
  await expect(page.getByTestId('domiciliationPaidReminder')).toHaveText('15/01/2026');
  await shot('organization-services');
  await page.getByRole('tab', { name: 'Raw data' }).click();
  await expect(raw).toContainText('"domiciliationPaidReminder": "2026-01-15"');

  // Delete it: after "Are you sure?" the list opens, without it.
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted!')).toBeVisible();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole('link', { name: twin })).toBeVisible();
  await expect(page.getByRole('link', { name: name, exact: true })).toHaveCount(0);
  await shot('organization-list-after-delete');

  // Its address now says it was deleted, instead of sending the user away without a word.
  await page.goto(`/organization/${id}`);
  await expect(page.getByRole('heading', { name: 'This organization was deleted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the organizations' })).toBeVisible();
  await shot('deleted-organization-address');
});
