import { expect, test } from '@playwright/test';
import { createOrganization, openAccountMenu, screenshots, signUp, toast } from './support';

test('a late domiciliation: reminder e-mail previewed and sent, then listed in /email and /account', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const name = `Liffey Ventures ${stamp} Ltd`;
  const mail = `accounts.${stamp}@client.test`;
  // Fades and collapses run as CSS transitions: let them finish for a clean picture.
  const shot = screenshots(page, testInfo);

  await signUp(page, stamp, { firstName: 'Niamh', lastName: 'Walsh', emailPrefix: 'niamh' });
  await createOrganization(page, name);

  // No director and no mail yet: the signup link and its Send are disabled, the hint says why.
  const signup = page.getByTestId('signup-app');
  await expect(signup.getByTestId('signup-link-missing')).toContainText('Director is missing');
  await expect(signup.getByTestId('signup-link-missing')).toContainText('Organization mail');
  await expect(signup.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(signup.getByTestId('signup-app-status')).toHaveText('Not sent');
  await shot('signup-app-missing');

  // The organization's mail, then a domiciliation since 01/03/2024 paid once: the server sets
  // the paid-reminder a plan (12 months) after that row, 01/03/2025, which is past.
  await page.getByLabel('Mail', { exact: true }).fill(mail);
  await page.getByRole('tab', { name: /^Services(?!\s*Beta)/ }).click();
  await page.getByRole('checkbox', { name: 'Domiciliation' }).check();
  await page.getByLabel('Domiciliation subscription date').fill('01/03/2024');
  await page.getByRole('tab', { name: 'Payments' }).click();
  await page.getByLabel('Domiciliation paid date 1').fill('05/03/2024');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Updated!')).toBeVisible();

  // The late block offers the reminder e-mail, in the organization's language (none: French).
  const reminder = page.getByTestId('reminder-email-domiciliation');
  await expect(reminder).toContainText('Paid reminder 01/03/2025');
  await expect(reminder).toContainText(`To ${mail}`);
  await expect(reminder.getByRole('radio', { name: 'FR' })).toBeChecked();
  await reminder.getByRole('radio', { name: 'EN' }).check();
  await reminder.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('reminder-preview-domiciliation');
  await expect(preview).toContainText(`Payment reminder: Domiciliation – ${name}`);
  await expect(preview).toContainText('01/03/2025');
  await expect(preview.locator('script')).toHaveCount(0);
  // No amount is known: the preview shows none, as the mail sent will not.
  await expect(preview).not.toContainText('amount of');
  await reminder.scrollIntoViewIfNeeded();
  await shot('reminder-preview');

  await reminder.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Email sent to ${mail}!`)).toBeVisible();
  await shot('reminder-sent');

  // The mail server (the walks' mailbox, e2e/mailbox.ts) accepts it; its event is listed.
  await page.getByRole('navigation').getByRole('link', { name: 'Emails' }).click();
  await expect(page).toHaveURL(/\/email$/);
  const row = page.getByTestId('email-row').filter({ hasText: mail });
  await expect(async () => {
    await page.reload();
    await expect(row.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.first()).toContainText(`Payment reminder: Domiciliation – ${name}`);
  await expect(row.first()).toContainText('Delivered');
  await expect(row.first()).toContainText(/\d{2}-\d{2}-\d{4}/);
  await shot('emails');

  // My Profile: the user record and the e-mails this user asked for.
  await (
    await openAccountMenu(page, 'Niamh Walsh')
  )
    .getByRole('link', { name: 'Account', exact: true })
    .click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByTestId('profile-E-mail')).toHaveText(`niamh.${stamp}@firm.test`);
  await expect(page.getByTestId('account-email-row').filter({ hasText: mail })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await shot('account');

  // One Sign out, the account menu's: the page has none of its own.
  await expect(
    page.getByRole('main').getByRole('button', { name: /^(Logout|Sign out)$/ }),
  ).toHaveCount(0);
  await (
    await openAccountMenu(page, 'Niamh Walsh')
  )
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
