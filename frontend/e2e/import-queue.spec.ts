import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { ImportView } from '@registra/domain';
import { importView } from '../src/test/importView';
import { screenshots, signUp } from './support';

const ID = '7b0c1c5e-2f4e-4d5a-9a3e-1f2b3c4d5e6f';

/**
 * An import whose job waits for the queue, then one resumed after its worker stopped (ADR 0145).
 * The walk's server shares the machine's Redis, which a walk must not stop: the import's answers
 * are those the API gives in these states (its own tests, import-queue.e2e-spec.ts and the
 * instances' import-never-stuck, prove the server's side); the screens are the product's.
 */
const answer = (overrides: Partial<ImportView>) =>
  importView({
    _id: ID,
    fileName: 'client-register-2026.xlsx',
    progress: 0,
    rows: 1200,
    userId: null,
    userName: 'Órla Queue',
    createdAt: new Date().toISOString(),
    ...overrides,
  });

async function serve(page: Page, view: ImportView) {
  await page.unroute('**/api/import**');
  await page.route('**/api/import**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (route.request().method() !== 'GET') return route.continue();
    if (path === `/api/import/${ID}`) return route.fulfill({ json: { ok: true, data: view } });
    if (path === '/api/import')
      return route.fulfill({
        json: { ok: true, data: [view], totalItems: 1, totalPages: 1, page: 1, limit: 25 },
      });
    return route.continue();
  });
}

test('an import waiting for the queue says so, on the page and in the history, then shows its resume', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  await signUp(page, Date.now(), {
    firstName: 'Órla',
    lastName: 'Queue',
    emailPrefix: 'orla.queue',
  });

  await serve(page, answer({ waitingForQueue: true }));
  await page.goto(`/import?id=${ID}`);
  const run = page.getByRole('region', { name: 'Import run' });
  await expect(run.getByText('Waiting for the queue.')).toBeVisible();
  await expect(run).toContainText('the import starts by itself as soon as it is back');
  await expect(
    page
      .getByRole('table', { name: 'Imports' })
      .getByRole('link', { name: 'Waiting for the queue' }),
  ).toBeVisible();
  await shot('import-waiting-for-the-queue-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(run.getByText('Waiting for the queue.')).toBeVisible();
  await shot('import-waiting-for-the-queue-390');

  await page.setViewportSize({ width: 1280, height: 720 });
  await serve(page, answer({ progress: 0.6, created: 720, resumes: 2 }));
  await expect(
    run.getByText('Resumed 2 times after the worker stopped, from its last saved batch.'),
  ).toBeVisible();
  await expect(run.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
  await shot('import-resumed-1280');
});
