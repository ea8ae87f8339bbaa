import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { TestInfo } from '@playwright/test';
import { createOrganization, screenshots, signUp } from './support';
import type { StaffMember } from './support';

const niamh: StaffMember = { firstName: 'Niamh', lastName: 'Walsh', emailPrefix: 'niamh.files' };

/** A text file of about `megabytes` MB in the test's output folder; its first line is known. */
function writeTextFile(testInfo: TestInfo, name: string, firstLine: string, megabytes: number) {
  const path = testInfo.outputPath(name);
  const line = 'Registra e2e: 01/03/2026 transfer from Harbour Tech Ltd, EUR 1,250.00\n';
  const lines = Math.ceil((megabytes * 1024 * 1024) / line.length);
  writeFileSync(path, `${firstLine}\n${line.repeat(lines)}`);
  return path;
}

test('an organization file: folder, upload with progress, open, delete', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  // Modal fades and toast slides end first; the endless progress bar is not waited for.
  const shot = screenshots(page, testInfo, 'animations');

  await signUp(page, stamp, niamh);
  const id = await createOrganization(page, `Files Test ${stamp} Ltd`);

  // The Files tab: every folder with its count, none chosen yet.
  const filesTab = page.getByRole('tab', { name: /^Files/ });
  await expect(filesTab).toHaveText('Files0');
  await filesTab.click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/ATTACHEDFILES_ORGANIZATION_TAB$`));
  const folders = page.getByRole('group', { name: 'Folders' });
  const year = new Date().getFullYear();
  await expect(folders.getByRole('button')).toHaveText([
    'incorporation0',
    'bank0',
    'tax0',
    'domiciliation0',
    'post0',
    'payroll0',
    'invoices0',
    `annualReturn${year - 2}0`,
    `annualReturn${year - 1}0`,
    `annualReturn${year}0`,
  ]);
  const bank = page.getByTestId('folder-bank');
  await bank.click();
  await expect(bank).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('No files in this folder yet.')).toBeVisible();
  await shot('files-folders');

  // Upload 8 MB with the upload throttled to 2 MB/s, so the progress bar is seen moving.
  const fileName = 'bank-statement-march.txt';
  const firstLine = `Bank statement of Files Test ${stamp} Ltd`;
  const path = writeTextFile(testInfo, fileName, firstLine, 8);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await page.getByLabel('Upload to bank').setInputFiles(path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: `Uploading ${fileName}` });
  await expect(bar).toBeVisible();
  // Well under way (20 to 99 %) for the picture.
  await expect(bar).toHaveAttribute('aria-valuenow', /^[2-9][0-9]$/, { timeout: 15_000 });
  await expect(bar).toHaveText(/^[2-9][0-9]%$/);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('files-uploading.png'), fullPage: true });

  const confirmation = page.getByRole('alert').filter({ hasText: 'File uploaded successfully' });
  await expect(confirmation).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(bar).toHaveCount(0);
  await expect(bank).toHaveText('bank1');
  await expect(filesTab).toHaveText('Files1');
  const row = page.getByTestId('file-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(fileName);
  await expect(row).toContainText('8 MB');
  await expect(row).toContainText('Niamh Walsh');
  await shot('files-uploaded');
  // The inline confirmation goes after 3 seconds.
  await expect(confirmation).toHaveCount(0, { timeout: 5_000 });

  // Open: the file is fetched with the session and shown from a blob URL in a new tab.
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Open ${fileName}` }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/^blob:/);
  expect(popup.url()).toMatch(new RegExp(`^blob:${new URL(page.url()).origin}/`));
  const start = await popup.evaluate(() => document.body.textContent?.slice(0, 200) ?? '');
  expect(start.startsWith(firstLine)).toBe(true);
  await popup.screenshot({ path: testInfo.outputPath('file-opened.png') });
  await popup.close();

  // Delete after "Are you sure?": the folder is empty again.
  await page.getByRole('button', { name: `Delete ${fileName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure?');
  await shot('files-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(bank).toHaveText('bank0');
  await expect(filesTab).toHaveText('Files0');
  await expect(page.getByText('No files in this folder yet.')).toBeVisible();
  await shot('files-after-delete');

  // What the server stored: no entry left on the record.
  await page.getByRole('tab', { name: 'Raw data' }).click();
  await expect(page.getByTestId('raw-data')).toContainText('"attachedFiles": []');
});

test("a person's Files tab: upload, count, delete", async ({ page }, testInfo) => {
  const stamp = Date.now();
  const shot = screenshots(page, testInfo, 'animations');
  await signUp(page, stamp, niamh);

  await page
    .getByRole('region', { name: 'People' })
    .getByRole('button', { name: 'New People' })
    .click();
  const newPeople = page.getByRole('dialog', { name: 'New People' });
  await newPeople.getByLabel('First Name').fill('Cormac');
  await newPeople.getByLabel('Last Name').fill(`Files${stamp}`);
  await newPeople.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/people\/[0-9a-f-]{36}$/);

  const filesTab = page.getByRole('tab', { name: /^Files/ });
  await expect(filesTab).toHaveText('Files 0');
  await filesTab.click();
  const path = testInfo.outputPath('passport-scan.txt');
  writeFileSync(path, 'Passport scan of Cormac\n');
  await page.getByLabel('Upload a file').setInputFiles(path);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'File uploaded successfully' }),
  ).toBeVisible();
  await expect(filesTab).toHaveText('Files 1');
  await expect(page.getByTestId('file-row')).toContainText('passport-scan.txt');
  await shot('person-files');

  await page.getByRole('button', { name: 'Delete passport-scan.txt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(filesTab).toHaveText('Files 0');

  // The walks share one database, and the people walk starts from an empty dashboard.
  await page.getByRole('tab', { name: 'Information' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/people$/);
});
