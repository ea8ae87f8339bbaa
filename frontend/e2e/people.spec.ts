import { expect, test } from '@playwright/test';
import { screenshots, signUp, toast } from './support';

test('a person is created from the dashboard, filled in, linked, de-duplicated and deleted', async ({
  page,
}, testInfo) => {
  // Screenshots wait for modal fades and toast slides to end, so each shows a settled screen.
  const shot = screenshots(page, testInfo, 'animations');

  await signUp(page, Date.now(), {
    firstName: 'Aoife',
    lastName: 'Murphy',
    emailPrefix: 'aoife.people',
  });

  // An organization to link later, created from the dashboard's Organizations card.
  const organizationsCard = page.getByRole('region', { name: 'Organizations' });
  await organizationsCard.getByRole('button', { name: 'New Organization' }).click();
  const newOrganization = page.getByRole('dialog', { name: 'New Organization' });
  await newOrganization.getByLabel('Name').fill('Acme Trading Limited');
  await newOrganization.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Organization Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}$/);

  // The People card creates the person and opens it.
  await page.goto('/');
  const peopleCard = page.getByRole('region', { name: 'People' });
  // The walks share one database (the organizations walk leaves a member behind): a count, not 0.
  await expect(peopleCard.getByTestId('people-total')).toHaveText(/^\d+$/);
  await expect(organizationsCard.getByRole('link', { name: 'Acme Trading Limited' })).toBeVisible();
  await shot('dashboard');
  await peopleCard.getByRole('button', { name: 'New People' }).click();
  const newPeople = page.getByRole('dialog', { name: 'New People' });
  await newPeople.getByLabel('First Name').fill('Siobhán');
  await newPeople.getByLabel('Last Name').fill('Kelly');
  await newPeople.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}$/);
  const personUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Siobhán Kelly' })).toBeVisible();

  // The information form: fill, see the AML reminder, Update.
  await page.getByLabel('Phone').fill('+353 21 123 4567');
  await page.getByLabel('Email').fill('siobhan.kelly@example.ie');
  await page.getByLabel('Nationality').fill('Irish');
  await page.getByLabel('Country', { exact: true }).fill('irel');
  await page.getByRole('option', { name: 'Ireland' }).click();
  await page.getByRole('switch', { name: 'VIF' }).check();
  await page.getByLabel('AML date').fill('31/01/2026');
  await expect(page.getByLabel('AML reminder')).toHaveValue('30/04/2026');
  // The date of birth through the calendar: dd/MM/yyyy whatever the browser's language.
  await page
    .getByLabel('Date of birth')
    .locator('..')
    .getByRole('button', { name: 'Open calendar' })
    .click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await calendar.getByRole('combobox', { name: 'Year' }).selectOption('1985');
  await calendar.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'June' });
  await shot('date-of-birth-calendar');
  await calendar.getByRole('button', { name: '14 June 1985' }).click();
  await expect(page.getByLabel('Date of birth')).toHaveValue('14/06/1985');
  await page.getByLabel('City').fill('Cork');
  // A comment longer than the server takes is marked on its field, before anything is sent.
  const comments = page.getByLabel('Comments');
  await comments.fill('x'.repeat(10_001));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('At most 10,000 characters')).toBeVisible();
  await expect(comments).toHaveClass(/is-invalid/);
  await expect(comments).toBeFocused();
  await shot('person-comment-too-long');
  await comments.fill('Met at the Cork office.');
  await expect(page.getByText('At most 10,000 characters')).toHaveCount(0);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+353 21 123 4567');
  await expect(page.getByLabel('AML reminder')).toHaveValue('30/04/2026');
  await expect(page.getByLabel('Date of birth')).toHaveValue('14/06/1985');
  await shot('person-information');

  // Link the organization through the picker, then give the person roles with a beneficiary %.
  await page.getByRole('tab', { name: /Organizations/ }).click();
  await expect(page).toHaveURL(new RegExp(`${personUrl}/ORGANIZATION_TAB$`));
  await page.getByRole('button', { name: 'Link Organization' }).click();
  const picker = page.getByRole('dialog', { name: 'Link Organization' });
  await picker.getByRole('searchbox').fill('no such company');
  await expect(picker.getByText('No organizations found')).toBeVisible();
  await picker.getByRole('searchbox').fill('acme');
  await expect(picker.getByText('Acme Trading Limited')).toBeVisible();
  await shot('link-organization-picker');
  await picker.getByRole('button', { name: 'Link' }).click();
  await expect(toast(page, 'Added!')).toBeVisible();
  const link = page.getByRole('article', { name: 'Acme Trading Limited' });
  await expect(link).toBeVisible();
  await expect(page.getByRole('tab', { name: /Organizations 1/ })).toBeVisible();

  await link.getByRole('button', { name: 'Edit Roles' }).click();
  const roles = page.getByRole('dialog', { name: 'Edit Roles' });
  await roles.getByRole('checkbox', { name: 'Director', exact: true }).check();
  await expect(roles.getByLabel('Beneficiary %')).toHaveCount(0);
  await roles.getByRole('checkbox', { name: 'Shareholder' }).check();
  await roles.getByLabel('Beneficiary %').fill('40');
  await roles.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Roles updated successfully!')).toBeVisible();
  await expect(roles).toBeHidden();
  await expect(link.getByText('Director', { exact: true })).toBeVisible();
  await expect(link.getByText('Beneficiary: 40%')).toBeVisible();
  await shot('person-organizations');

  // A near-twin (case and accents only) shows up with the first in the duplicates modal.
  await page.getByRole('link', { name: 'People', exact: true }).click();
  await expect(page).toHaveURL(/\/people$/);
  await page.getByRole('button', { name: 'New People' }).click();
  const twin = page.getByRole('dialog', { name: 'New People' });
  await twin.getByLabel('First Name').fill('siobhan');
  await twin.getByLabel('Last Name').fill('KELLY');
  await twin.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}$/);
  expect(new URL(page.url()).pathname).not.toBe(personUrl);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('link', { name: 'Siobhán Kelly' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'siobhan KELLY' })).toBeVisible();
  await shot('people-list');
  await page.getByRole('button', { name: 'Duplicates' }).click();
  const duplicates = page.getByRole('dialog', { name: 'Duplicates' });
  const group = duplicates.getByRole('region', { name: /Duplicate group/ });
  await expect(group).toHaveCount(1);
  await expect(group.getByRole('link', { name: 'Siobhán Kelly' })).toHaveAttribute(
    'href',
    personUrl,
  );
  await expect(group.getByRole('link', { name: 'siobhan KELLY' })).toBeVisible();
  await expect(group.getByText('siobhan.kelly@example.ie')).toBeVisible();
  await shot('people-duplicates');

  // Open the first one from the modal and delete it.
  await group.getByRole('link', { name: 'Siobhán Kelly' }).click();
  await expect(page).toHaveURL(new RegExp(`${personUrl}$`));
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete person' });
  await expect(confirm.getByText('Are you sure?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted!')).toBeVisible();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole('link', { name: 'Siobhán Kelly' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'siobhan KELLY' })).toBeVisible();
  await shot('after-delete');

  // The deleted person's address says so instead of leaving without a word.
  await page.goto(personUrl);
  await expect(page.getByRole('heading', { name: 'This person was deleted' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${personUrl}$`));
  await shot('deleted-person-address');
});
