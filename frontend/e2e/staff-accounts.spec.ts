import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { E2E_PASSWORD, signInAsAdmin, signUp, toast } from './support';

/** The authenticator app's code, `steps` 30-second steps from now. */
const appCode = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

// A firm's staff accounts: the administrator invites, a colleague turns two-factor sign-in on and
// signs in with the code, changes the password, and is deactivated: their open tab goes to sign-in.
test('invite, two-factor sign-in, password change, deactivation', async ({ page, browser }) => {
  const stamp = Date.now();
  await signInAsAdmin(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  // The administrator invites a colleague: the account waits for its invitation to be accepted.
  const invited = `sean.${stamp}@firm.test`;
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill('Sean');
  await dialog.getByLabel('Last Name').fill('Kelly');
  await dialog.getByLabel('E-mail').fill(invited);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(toast(page, `Invitation sent to ${invited}`)).toBeVisible();
  await expect(page.getByTestId('user-row').filter({ hasText: invited })).toContainText('Invited');

  // A colleague, in a browser of their own, signs up and turns two-factor sign-in on.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const email = await signUp(colleague, stamp, {
    firstName: 'Aoife',
    lastName: 'Walsh',
    emailPrefix: 'aoife.2fa',
  });
  await colleague.getByRole('navigation').getByRole('link', { name: 'Aoife Walsh' }).click();
  await colleague.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(colleague.getByAltText('QR code of the two-factor secret')).toBeVisible();
  const secret = (await colleague.getByTestId('totp-secret').textContent()) ?? '';
  await colleague.getByLabel('Code from the app').fill(appCode(secret));
  await colleague.getByRole('button', { name: 'Turn on' }).click();
  await expect(colleague.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);

  // Signed out, signing in again asks for the app's next code.
  await colleague.getByRole('navigation').getByRole('button', { name: 'Sign out' }).click();
  await expect(colleague).toHaveURL(/\/auth\/signin$/);
  await colleague.getByLabel('Email').fill(email);
  await colleague.getByLabel('Password').fill(E2E_PASSWORD);
  await colleague.getByRole('button', { name: 'Sign in' }).click();
  await colleague.getByLabel('Authentication code').fill(appCode(secret, 1));
  await colleague.getByRole('button', { name: 'Sign in' }).click();
  await expect(colleague).toHaveURL(/\/$/);

  // The colleague changes the password on the account page.
  await colleague.getByRole('navigation').getByRole('link', { name: 'Aoife Walsh' }).click();
  await colleague.getByLabel('Current password').fill(E2E_PASSWORD);
  await colleague.getByLabel('New password', { exact: true }).fill('a changed passphrase');
  await colleague.getByLabel('Repeat the new password').fill('a changed passphrase');
  await colleague.getByRole('button', { name: 'Change password' }).click();
  await expect(
    toast(colleague, 'Password changed: your other sessions are signed out'),
  ).toBeVisible();

  // The administrator deactivates the colleague...
  await page.reload();
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Aoife Walsh is deactivated')).toBeVisible();
  await expect(row).toContainText('Deactivated');

  // ...and the colleague's open tab is sent to sign-in at its next call.
  await colleague.getByRole('navigation').getByRole('link', { name: 'Organizations' }).click();
  await expect(colleague).toHaveURL(/\/auth\/signin$/);
  await colleagueContext.close();
});
