import { expect, test } from '@playwright/test';
import {
  IMPORT_TITLED_WORKBOOK,
  IMPORT_WORKBOOK as WORKBOOK,
  screenshots,
  signUp,
  toast,
} from './support';

test('an Excel book imported: a mapping fixed, two errors and a duplicate found, the run watched, its history read, then undone in the background', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  await signUp(page, Date.now(), {
    firstName: 'Niamh',
    lastName: 'Importer',
    emailPrefix: 'niamh.import',
  });

  await page.getByRole('navigation').getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await page.getByLabel('What the file holds').selectOption('organizations');
  await page.getByLabel('File (.csv or .xlsx)').setInputFiles(WORKBOOK);
  await page.getByRole('button', { name: 'Upload' }).click();

  // The mapping guessed from the headers leaves "Reg. No." out: the user maps it to the CRO.
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping.getByLabel('Field for Client')).toHaveValue('organization.name');
  await expect(mapping.getByLabel('Field for Reg. No.')).toHaveValue('');
  await mapping.getByLabel('Field for Reg. No.').selectOption('organization.cro');
  await expect(page.getByRole('table', { name: 'Preview' })).toContainText('2019-03-14');
  await shot('import-mapping');
  await page.getByRole('button', { name: 'Check' }).click();

  await expect(page.getByText('5 rows checked: 2 errors, 1 duplicate.')).toBeVisible();
  const errors = page.getByRole('table', { name: 'Errors' });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors).toContainText('This date does not exist');
  await expect(page.getByRole('table', { name: 'Duplicates' })).toContainText('Row 2 of the file');
  await shot('import-check');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/import\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(
    page.getByText('The import is done. 2 created, 0 updated, 1 skipped, 2 failed.'),
  ).toBeVisible();
  // The progress and summary survive a reload: the run's id is in the address.
  await page.reload();
  await expect(
    page.getByText('The import is done. 2 created, 0 updated, 1 skipped, 2 failed.'),
  ).toBeVisible();
  await shot('import-summary');

  await page.getByRole('navigation').getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('link', { name: 'Walk Harbour Lights Ltd', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Walk Harbour Lights Ltd' }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(
    page
      .getByRole('list', { name: 'Changes' })
      .getByText('Imported from walk-companies.xlsx by Niamh Importer'),
  ).toBeVisible();
  await shot('imported-organization-history');

  await page.getByRole('navigation').getByRole('link', { name: 'Import', exact: true }).click();
  const history = page.getByRole('table', { name: 'Imports' });
  await history
    .getByRole('row', { name: /walk-companies\.xlsx/ })
    .getByRole('button', { name: 'Undo' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Undo' }).click();
  // The undo is a background job: started, watched (a bar while it runs), then its outcome.
  await expect(toast(page, 'Undo of walk-companies.xlsx started')).toBeVisible();
  await expect(
    page.getByText(/^walk-companies\.xlsx was undone: 2 records deleted, 0 restored\.$/),
  ).toBeVisible();
  await expect(history.getByRole('row', { name: /walk-companies\.xlsx/ })).toContainText('Undone');
  await shot('import-undone');
});

test('a register with a title row: the header row found below it, shown, and changed on the mapping screen', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  await signUp(page, Date.now(), {
    firstName: 'Ríona',
    lastName: 'Importer',
    emailPrefix: 'riona.import',
  });
  await page.getByRole('navigation').getByRole('link', { name: 'Import', exact: true }).click();
  await page.getByLabel('What the file holds').selectOption('organizations');
  await page.getByLabel('File (.csv or .xlsx)').setInputFiles(IMPORT_TITLED_WORKBOOK);
  await page.getByRole('button', { name: 'Upload' }).click();

  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(page.getByLabel('Header row')).toHaveValue('3');
  await expect(mapping.getByLabel('Field for Company name')).toHaveValue('organization.name');
  await expect(mapping.getByLabel('Field for ARD')).toHaveValue('organization.nextArReminder');
  await expect(page.getByRole('table', { name: 'Preview' })).toContainText('045678');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await shot(`import-header-row-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel('Header row').fill('1');
  await page.getByRole('button', { name: 'Read the columns from this row' }).click();
  await expect(mapping.getByLabel('Field for Client register 2026')).toHaveValue('');
  await expect(page.getByLabel('Header row')).toHaveValue('1');
});
