import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN, openAccountMenu, settle, signInAsAdmin } from './support';

// The signed-in shell (ADR 0131) at the window sizes staff use, from a small phone to a wide
// screen: the top bar inside the window, every destination within two clicks, the current place
// marked, the phone's menu by keyboard, no serious accessibility fault.

/** Every destination of the side navigation an administrator sees, by group. */
const DESTINATIONS: [label: string, path: RegExp][] = [
  ['Home', /\/$/],
  ['Task', /\/task$/],
  ['Calendar', /\/calendar$/],
  ['Overview', /\/overview$/],
  ['Organizations', /\/organization$/],
  ['People', /\/people$/],
  ['Follow-ups', /\/followUp$/],
  ['Subscriptions', /\/subscription$/],
  ['Orders', /\/order$/],
  ['Forms', /\/form$/],
  ['Emails', /\/email$/],
  ['Import', /\/import$/],
  ['Activity', /\/activity$/],
  ['Users', /\/users$/],
];

/** The widths the walks and the firm's screens use; below 992 px the navigation is an overlay. */
const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 2560, height: 1440 },
];
const WIDE = 992;
const ADMIN_NAME = `${E2E_ADMIN.firstName} ${E2E_ADMIN.lastName}`;

/** Set `E2E_DOCS_IMAGES=1` to write the README's pictures of the navigation (docs/images). */
const DOCS_IMAGES = process.env.E2E_DOCS_IMAGES === '1';
const docsImage = (file: string) =>
  fileURLToPath(new URL(`../../docs/images/${file}`, import.meta.url));

/** No element of the page sticks out of the window, on either side. */
async function expectInsideWindow(page: Page) {
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') return false;
        const box = element.getBoundingClientRect();
        // A visually hidden element (the skip link until focused) is a 1 px box at the edge.
        return box.width > 1 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .map((element) => element.outerHTML.slice(0, 120));
  });
  expect(outside).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** axe-core finds nothing serious or critical on the page. */
async function expectNoSeriousAccessibilityFault(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}

/** A few clients and a task, so that the README's picture shows a home page at work. */
async function fillTheHomePage(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const post = async (path: string, data: Record<string, unknown>) => {
    const answer = await page.request.post(`/api${path}`, {
      headers: { Authorization: `JWT ${token}` },
      data,
    });
    expect(answer.ok()).toBe(true);
  };
  for (const name of [
    'Ardmore Bakery Ltd',
    'Corrib Marine Services Ltd',
    'Liffey Lane Design Ltd',
  ]) {
    await post('/organization', { name });
  }
  for (const [firstName, lastName] of [
    ['Siobhán', 'Ní Bhriain'],
    ['Declan', 'Moran'],
  ]) {
    await post('/people', { firstName, lastName, mail: `${firstName.toLowerCase()}@example.ie` });
  }
  await post('/task', { title: 'Annual return for Ardmore Bakery Ltd' });
  await page.reload();
  await page.waitForLoadState('networkidle');
}

test('the top bar fits and every destination is two clicks away, from 360 to 2560 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  if (DOCS_IMAGES) await fillTheHomePage(page);
  const bar = page.getByRole('banner');
  const search = bar.getByRole('combobox', { name: /^Search/ });
  const account = page.getByRole('navigation', { name: 'Account' });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = bar.getByRole('button', { name: 'Menu' });

  for (const size of SIZES) {
    await test.step(`${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await expect(search).toBeInViewport();
      await expect(account.getByRole('button', { name: ADMIN_NAME })).toBeInViewport();
      await expectInsideWindow(page);
      await settle(page);
      await page.screenshot({ path: testInfo.outputPath(`home-${size.width}.png`) });
      if (DOCS_IMAGES && size.width === 1280) {
        await page.screenshot({ path: docsImage('home-1280.png') });
      }
      const wide = size.width >= WIDE;
      if (wide) {
        await expect(menu).toBeHidden();
        // Every group's links fit the window's height beside the page.
        for (const [label] of DESTINATIONS) {
          await expect(nav.getByRole('link', { name: label, exact: true })).toBeInViewport();
        }
      } else {
        await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
        await settle(page);
        for (const [label] of DESTINATIONS) {
          await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
        }
        await expectInsideWindow(page);
        await expectNoSeriousAccessibilityFault(page);
        await page.screenshot({ path: testInfo.outputPath(`menu-${size.width}.png`) });
        if (DOCS_IMAGES && size.width === 390) {
          await page.screenshot({ path: docsImage('navigation-390.png') });
        }
        await menu.click();
        await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();
      }
      // The account menu opens inside the window.
      await openAccountMenu(page, ADMIN_NAME);
      await expect(account.getByRole('button', { name: 'Sign out' })).toBeInViewport();
      await expect(account.getByRole('link', { name: 'Users' })).toBeInViewport();
      await expectInsideWindow(page);
      await page.keyboard.press('Escape');
      await expect(account.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

      await expectNoSeriousAccessibilityFault(page);
    });
  }

  // Two clicks at most: on a phone the Menu button then the destination; on a desk, one.
  for (const size of [SIZES[1], SIZES[2]]) {
    await test.step(`every destination at ${size.width} px`, async () => {
      await page.setViewportSize(size);
      for (const [label, path] of DESTINATIONS) {
        if (size.width < WIDE) await menu.click();
        await nav.getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(path);
        // On a phone the menu has folded away: its links are hidden, still marked.
        await expect(
          page
            .getByRole('navigation', { name: 'Main', includeHidden: true })
            .getByRole('link', { name: label, exact: true, includeHidden: true }),
        ).toHaveAttribute('aria-current', 'page');
        if (size.width < WIDE) await expect(menu).toHaveAttribute('aria-expanded', 'false');
      }
    });
  }
});

test('on a phone the menu works by keyboard: Escape folds it back onto its button', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Main' });

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Task', exact: true })).toBeFocused();
  // The page behind the overlay is out of reach.
  await expect(page.locator('main')).toHaveAttribute('inert', '');

  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeHidden();

  // A click beside the overlay folds it too.
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Task', exact: true })).toBeVisible();
  await page.mouse.click(380, 600);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
});
