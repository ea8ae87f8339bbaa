import { expect, test } from '@playwright/test';
import { E2E_PASSWORD, fillSignUpForm, openAccountMenu } from './support';

test('a new staff member signs up with the secret code, sees the navigation, and signs out', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/signin$/);

  await page.getByRole('link', { name: /sign up/i }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  const signUp = page.getByRole('button', { name: 'Sign up' });
  await expect(signUp).toBeDisabled();

  const email = await fillSignUpForm(page, stamp, {
    firstName: 'Aoife',
    lastName: 'Murphy',
    emailPrefix: 'aoife',
  });
  await expect(signUp).toBeEnabled();
  await signUp.click();

  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('button', { name: 'Aoife Murphy' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('signed-in-home.png'), fullPage: true });

  // A reload keeps the session (the token is in local storage and signin_token refreshes it).
  await page.reload();
  await expect(account.getByRole('button', { name: 'Aoife Murphy' })).toBeVisible();

  await (
    await openAccountMenu(page, 'Aoife Murphy')
  )
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.screenshot({ path: testInfo.outputPath('signed-out.png'), fullPage: true });

  // Signing back in with the new account works, and a wrong password shows the code in a toast.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('INVALID_CREDENTIALS')).toBeVisible();
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});
