import { expect } from '@playwright/test';
import { join } from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { E2E_SIGNUP_CODE } from '../playwright.config';

// What the walks share: signing a staff member up, creating an organization, screenshots.

/** Every staff member the walks sign up uses this password. */
export const E2E_PASSWORD = 'a long enough password';

/** A staff member of a walk; the e-mail is `<emailPrefix>.<stamp>@firm.test`. */
export interface StaffMember {
  firstName: string;
  lastName: string;
  emailPrefix: string;
}

/**
 * Fills the open sign-up form with the member and the walks' secret code, without submitting it;
 * returns the e-mail used.
 */
export async function fillSignUpForm(
  page: Page,
  stamp: number,
  member: StaffMember,
): Promise<string> {
  const email = `${member.emailPrefix}.${stamp}@firm.test`;
  await page.getByLabel('First Name').fill(member.firstName);
  await page.getByLabel('Last Name').fill(member.lastName);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByLabel('Secret Code').fill(E2E_SIGNUP_CODE);
  return email;
}

/**
 * The firm's administrator of the walks: the first account of the walks' fresh database. Whichever
 * walk runs first signs it up; the others sign in with it.
 */
export const E2E_ADMIN = {
  firstName: 'Mary',
  lastName: 'Byrne',
  email: 'mary.admin@firm.test',
};

/**
 * Signs the walks' administrator up unless a walk already has: before any other account, so that
 * it is the first one (the administrator) whichever walk runs first.
 */
export async function ensureAdministrator(page: Page): Promise<void> {
  const signup = await page.request.post('/api/user/signup', {
    data: { ...E2E_ADMIN, password: E2E_PASSWORD, secretCode: E2E_SIGNUP_CODE },
  });
  // 409: an earlier walk signed the administrator up already.
  expect([200, 409]).toContain(signup.status());
}

/** Signs the walks' administrator in (signing it up first when no walk has yet). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await ensureAdministrator(page);
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState('networkidle');
}

/** Signs the member up on /auth/signup; the dashboard opens. Returns the e-mail used. */
export async function signUp(page: Page, stamp: number, member: StaffMember): Promise<string> {
  await ensureAdministrator(page);
  await page.goto('/auth/signup');
  const email = await fillSignUpForm(page, stamp, member);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The dashboard's session check, cards and their lazily loaded code settle before the walk
  // goes on, as a person's first look at the screen does.
  await page.waitForLoadState('networkidle');
  return email;
}

/**
 * Creates an organization from the list's "New Organization"; it opens on its General tab.
 * Returns its id.
 */
export async function createOrganization(page: Page, name: string): Promise<string> {
  await page.getByRole('navigation').getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/organization$/);
  // The address changes before the list's chunk has loaded; until then the dashboard (which has
  // its own New Organization) is still on screen.
  await expect(page.getByRole('heading', { level: 1, name: /^Organizations/ })).toBeVisible();
  await page.getByRole('button', { name: 'New Organization' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  // An earlier creation's toast may still be showing: the newest one is this creation's.
  await expect(toast(page, 'Organization Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().split('/').pop()!;
}

/**
 * Opens the top bar's account menu, whose button is the signed-in user's name; returns the
 * account navigation, with Account, Users (administrators) and Sign out.
 */
export async function openAccountMenu(page: Page, name: string): Promise<Locator> {
  const account = page.getByRole('navigation', { name: 'Account' });
  await account.getByRole('button', { name }).click();
  return account;
}

/**
 * What a screenshot waits for, so that it shows a settled screen:
 * - `transitions`: the running CSS transitions (modal fades, collapses);
 * - `animations`: every running animation (toast slides too), except endless ones (a striped
 *   progress bar, a spinner), which never end.
 */
export type Settle = 'transitions' | 'animations';

export async function settle(page: Page, what: Settle = 'transitions') {
  await page.waitForFunction(
    (waitFor) =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            (waitFor === 'transitions'
              ? !(animation instanceof CSSTransition)
              : animation.effect?.getTiming().iterations === Infinity),
        ),
    what,
  );
}

/**
 * `shot(file)`: once the screen has settled, a full-page screenshot `<file>.png` in the test's
 * output folder.
 */
export function screenshots(page: Page, testInfo: TestInfo, what: Settle = 'transitions') {
  return async (file: string) => {
    await settle(page, what);
    await page.screenshot({ path: testInfo.outputPath(`${file}.png`), fullPage: true });
  };
}

/**
 * The newest toast with exactly this text. Toasts of earlier actions may still be on screen
 * (success toasts last 2 s), so a plain text match can find two.
 */
export function toast(page: Page, text: string): Locator {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.getByRole('status').filter({ hasText: exact }).last();
}

/**
 * An API call as the signed-in user of the page (a walk prepares through the API what its screens
 * then show); fails the walk on an answer that is not 2xx, and gives the answer's `data`.
 */
export async function api(page: Page, method: string, path: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `JWT ${token}` },
    data: body,
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data;
}

/** A file of the API's import tests (backend/test/fixtures/import), which the walks upload too. */
function importFixture(name: string) {
  return join(import.meta.dirname, '..', '..', 'backend', 'test', 'fixtures', 'import', name);
}

/** The workbook the import walks upload: a few companies, two faulty rows and a duplicate. */
export const IMPORT_WORKBOOK = importFixture('walk-companies.xlsx');

/** A register made by LibreOffice: a merged title row above the header (row 3), formulas. */
export const IMPORT_TITLED_WORKBOOK = importFixture('cells-title-formulas.xlsx');
