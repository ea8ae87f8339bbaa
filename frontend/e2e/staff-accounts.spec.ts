import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { mailboxDir, mailsTo } from './mailbox';
import { E2E_PASSWORD, openAccountMenu, screenshots, signInAsAdmin, toast } from './support';

/** The authenticator app's code, `steps` 30-second steps from now. */
const appCode = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The sign-up link of the latest invitation mailed to `address`, as its recipient reads it. */
async function invitationLink(address: string): Promise<string> {
  const dir = mailboxDir(process.env.E2E_DATA_DIR ?? '');
  const linkIn = (mail: string) => mail.match(/https?:\/\/\S+\/signup\?invite=[\w-]+/)?.[0];
  let link: string | undefined;
  await expect
    .poll(() => (link = mailsTo(dir, address).map(linkIn).filter(Boolean).pop()), {
      message: `the invitation mailed to ${address}`,
      timeout: 30_000,
    })
    .toBeTruthy();
  return link!;
}

/** The administrator invites a colleague from the Users page. */
async function invite(page: Page, firstName: string, lastName: string, email: string) {
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First Name').fill(firstName);
  await dialog.getByLabel('Last Name').fill(lastName);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByTestId('user-row').filter({ hasText: email })).toContainText('Invited');
}

async function openUsers(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
}

// A firm's staff accounts: the administrator invites a colleague, who opens the mailed link in a
// browser of their own, turns two-factor sign-in on and signs in with the code, changes the
// password, and is deactivated: their open tab goes to sign-in.
test('invitation by mail, two-factor sign-in, password change, deactivation', async ({
  page,
  browser,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const stamp = Date.now();
  await signInAsAdmin(page);
  await openUsers(page);
  const invited = `sean.${stamp}@firm.test`;
  await invite(page, 'Sean', 'Kelly', invited);
  await shot('users-invited');

  // The colleague reads the invitation in their mailbox and follows its link.
  const link = await invitationLink(invited);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const colleagueShot = screenshots(colleague, testInfo);
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(colleague.getByLabel('E-mail')).toHaveValue(invited);
  await colleague.getByLabel('Password').fill(E2E_PASSWORD);
  await colleagueShot('invitation-accept');
  await colleague.getByRole('button', { name: 'Sign up' }).click();
  await expect(colleague).toHaveURL(/\/$/);

  // Two-factor sign-in on the account page.
  await (
    await openAccountMenu(colleague, 'Sean Kelly')
  )
    .getByRole('link', { name: 'Account', exact: true })
    .click();
  // The password is asked again: an open session alone cannot put an app on the account.
  await colleague.getByLabel('Your password').fill(E2E_PASSWORD);
  await colleague.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(colleague.getByAltText('QR code of the two-factor secret')).toBeVisible();
  const secret = (await colleague.getByTestId('totp-secret').textContent()) ?? '';
  await colleague.getByLabel('Code from the app').fill(appCode(secret));
  await colleague.getByRole('button', { name: 'Turn on' }).click();
  await expect(colleague.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await colleagueShot('two-factor-on');

  // Signed out, signing in again asks for the app's next code.
  await (
    await openAccountMenu(colleague, 'Sean Kelly')
  )
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(colleague).toHaveURL(/\/auth\/signin$/);
  await colleague.getByLabel('Email').fill(invited);
  await colleague.getByLabel('Password').fill(E2E_PASSWORD);
  await colleague.getByRole('button', { name: 'Sign in' }).click();
  await colleague.getByLabel('Authentication code').fill(appCode(secret, 1));
  await colleague.getByRole('button', { name: 'Sign in' }).click();
  await expect(colleague).toHaveURL(/\/$/);

  // The colleague changes the password on the account page.
  await (
    await openAccountMenu(colleague, 'Sean Kelly')
  )
    .getByRole('link', { name: 'Account', exact: true })
    .click();
  await colleague.getByLabel('Current password').fill(E2E_PASSWORD);
  await colleague.getByLabel('New password', { exact: true }).fill('a changed passphrase');
  await colleague.getByLabel('Repeat the new password').fill('a changed passphrase');
  await colleague.getByRole('button', { name: 'Change password' }).click();
  await expect(
    toast(colleague, 'Password changed: your other sessions are signed out'),
  ).toBeVisible();

  // The administrator deactivates the colleague...
  await page.reload();
  const row = page.getByTestId('user-row').filter({ hasText: invited });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Sean Kelly is deactivated')).toBeVisible();
  await expect(row).toContainText('Deactivated');
  await shot('users-deactivated');

  // On a phone the accounts are cards, each with its role and actions.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Staff accounts' });
  await expect(cards).toBeVisible();
  const card = cards.getByRole('listitem').filter({ hasText: invited });
  await expect(card).toContainText('Deactivated');
  await expect(card.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await shot('users-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  // ...and the colleague's open tab is sent to sign-in at its next call.
  await colleague.getByRole('navigation').getByRole('link', { name: 'Organizations' }).click();
  await expect(colleague).toHaveURL(/\/auth\/signin$/);
  await colleagueContext.close();
});

// The firm requires two-factor sign-in: a newcomer accepting an invitation is taken straight to
// the enrolment (QR code, first code, recovery codes) and only then in.
test('two-factor sign-in required of everyone', async ({ page, browser }, testInfo) => {
  const shot = screenshots(page, testInfo);
  const stamp = Date.now();
  await signInAsAdmin(page);
  await openUsers(page);
  const toggle = page.getByRole('checkbox', { name: 'Require two-factor sign-in for everyone' });
  await expect(toggle).toBeEnabled();
  // The switch follows the server's setting: it turns on once the confirmation is saved.
  await toggle.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Require it' }).click();
  await expect(toast(page, 'Two-factor sign-in is now required of everyone')).toBeVisible();
  await expect(toggle).toBeChecked();
  try {
    await shot('two-factor-required');
    const invited = `niamh.${stamp}@firm.test`;
    await invite(page, 'Niamh', 'Walsh', invited);
    const link = await invitationLink(invited);

    const newcomerContext = await browser.newContext();
    const newcomer = await newcomerContext.newPage();
    const newcomerShot = screenshots(newcomer, testInfo);
    await newcomer.goto(link);
    await newcomer.getByLabel('Password').fill(E2E_PASSWORD);
    await newcomer.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      newcomer.getByRole('heading', { name: 'Set up two-factor sign-in' }),
    ).toBeVisible();
    await expect(newcomer.getByAltText('QR code of the two-factor secret')).toBeVisible();
    await newcomerShot('enrolment-required');
    const secret = (await newcomer.getByTestId('totp-secret').textContent()) ?? '';
    await newcomer.getByLabel('Code from the app').fill(appCode(secret));
    await newcomer.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect(newcomer.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await newcomerShot('enrolment-recovery-codes');
    await newcomer.getByRole('button', { name: 'I have kept them: continue' }).click();
    await expect(newcomer).toHaveURL(/\/$/);
    await expect(
      newcomer
        .getByRole('navigation', { name: 'Account' })
        .getByRole('button', { name: 'Niamh Walsh' }),
    ).toBeVisible();
    await newcomerContext.close();
  } finally {
    // The other walks sign up without two-factor: the firm's setting goes back to optional.
    await page.reload();
    const again = page.getByRole('checkbox', { name: 'Require two-factor sign-in for everyone' });
    await expect(again).toBeChecked();
    await again.click();
    await expect(toast(page, 'Two-factor sign-in is optional')).toBeVisible();
    await expect(again).not.toBeChecked();
  }
});
