import { expect, test } from '@playwright/test';
import { E2E_SIGNUP_CODE } from '../playwright.config';
import { E2E_PASSWORD, ensureAdministrator, screenshots, signUp, toast } from './support';

test('a task from creation to deletion: users, a file, the e-mail, the board and the dashboard', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const title = `Send the B10 ${stamp}`;
  const shot = screenshots(page, testInfo);

  // A colleague to share the task with (signed up on her own, after the walks' administrator).
  await ensureAdministrator(page);
  const colleague = await page.request.post('/api/user/signup', {
    data: {
      firstName: 'Grainne',
      lastName: `Kelly${stamp}`,
      email: `grainne.${stamp}@firm.test`,
      password: E2E_PASSWORD,
      secretCode: E2E_SIGNUP_CODE,
    },
  });
  expect(colleague.ok()).toBe(true);
  await signUp(page, stamp, { firstName: 'Declan', lastName: 'Moore', emailPrefix: 'declan' });

  // Create it from the board: it opens in its edit modal, at its own address.
  await page.getByRole('navigation').getByRole('link', { name: 'Task' }).click();
  await expect(page).toHaveURL(/\/task$/);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await page.getByRole('dialog').getByLabel('Title').fill(title);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Task created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/task\/[0-9a-f-]{36}$/);
  const address = new URL(page.url()).pathname;
  // The create modal fades out as the edit modal opens: wait until it has gone, then for the
  // one dialog left (counting alone can pass while only the closing create modal is there).
  await expect(page.getByRole('dialog', { name: 'Create Task' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue(title);

  // Closing returns to the board; the address opens it again.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/task$/);
  await page.goto(address);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Title')).toHaveValue(title);

  // Two users, a description, a file.
  await dialog.getByLabel('Description').fill('The signed copy is in the post.');
  const users = dialog.getByRole('combobox', { name: 'Users' });
  await users.fill('Declan');
  await page.getByRole('option', { name: 'Declan Moore' }).click();
  await users.fill('Grainne');
  await page.getByRole('option', { name: `Grainne Kelly${stamp}` }).click();
  await dialog.getByLabel('Attach a file').setInputFiles({
    name: 'b10-signed.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('B10 signed by the director'),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(toast(page, 'File uploaded successfully')).toBeVisible();
  await expect(dialog.getByText('b10-signed.txt')).toBeVisible();
  await dialog.getByLabel('Send email to users').check();
  await shot('task-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Task updated successfully!')).toBeVisible();
  await expect(toast(page, 'Email sent successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/task$/);

  // On the board in TO DO with its file and both first names; dragged to DONE.
  const card = page.getByTestId('task-card').filter({ hasText: title });
  await expect(
    page.getByTestId('column-TO DO').getByTestId('task-card').filter({ hasText: title }),
  ).toBeVisible();
  await expect(card).toContainText('Attached files: 1');
  await expect(card).toContainText('Declan, Grainne');
  await card.dragTo(page.getByTestId('column-DONE'));
  await expect(
    page.getByTestId('column-DONE').getByTestId('task-card').filter({ hasText: title }),
  ).toBeVisible();
  await shot('task-board');

  // The dashboard's Recent Tasks lists it as Done.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  const recent = page.getByRole('region', { name: 'Recent Tasks' });
  const item = recent.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Done');
  await expect(item).toContainText(`Grainne Kelly${stamp}`);
  await shot('dashboard-recent-tasks');

  // From the dashboard to the task, then deleted with the exact question.
  await recent.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${address}$`));
  await page.getByRole('dialog').getByRole('button', { name: 'Delete task' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete task' });
  await expect(confirm).toContainText(
    `Are you sure you want to delete the task "${title}"? This action cannot be undone.`,
  );
  await shot('task-delete-confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Task deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/task$/);
  await expect(page.getByTestId('task-card').filter({ hasText: title })).toHaveCount(0);
});
