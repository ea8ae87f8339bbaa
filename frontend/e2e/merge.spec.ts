import { expect, test } from '@playwright/test';
import { api, screenshots, signUp, toast } from './support';

test('two duplicate people are merged from the duplicates modal: fields chosen, organizations moved', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now();
  await signUp(page, stamp, { firstName: 'Aoife', lastName: 'Byrne', emailPrefix: 'aoife.merge' });
  const last = `Ní Bhriain ${stamp.toString(36)}`;
  const kept = await api(page, 'POST', '/people', { firstName: 'Róisín', lastName: last });
  await api(page, 'PUT', `/people/${kept._id}`, { phone: '+353 1 111 2222' });
  const twin = await api(page, 'POST', '/people', {
    firstName: 'roisin',
    lastName: last.toUpperCase(),
  });
  await api(page, 'PUT', `/people/${twin._id}`, {
    phone: '+353 1 999 0000',
    mail: 'roisin@example.ie',
  });
  const organization = await api(page, 'POST', '/organization', {
    name: `Merge Walk ${stamp} Ltd`,
  });
  await api(page, 'POST', '/linkpeopleorganization', {
    peopleId: twin._id,
    organizationId: organization._id,
  });

  await page.getByRole('navigation').getByRole('link', { name: 'People' }).click();
  await page.getByRole('button', { name: 'Duplicates' }).click();
  const duplicates = page.getByRole('dialog', { name: 'Duplicates' });
  const group = duplicates
    .getByRole('region', { name: /Duplicate group/ })
    .filter({ hasText: `Róisín ${last}` });
  await expect(group.getByRole('link')).toHaveCount(2);
  await group.getByRole('button', { name: `Merge Róisín ${last}` }).click();

  const merge = page.getByRole('dialog', { name: 'Merge people' });
  await expect(merge.getByRole('radio', { name: `Keep Róisín ${last}` })).toBeChecked();
  // The kept person has no e-mail: the twin's is proposed; both have a phone: the kept one stays.
  await expect(merge.getByRole('radio', { name: 'Email: take roisin@example.ie' })).toBeChecked();
  await merge.getByRole('radio', { name: 'Phone: take +353 1 999 0000' }).check();
  await expect(merge.getByTestId('merge-result-phone')).toHaveText('+353 1 999 0000');
  await shot('merge-people');
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(toast(page, `Merged into Róisín ${last}`)).toBeVisible();

  // The pair is gone from the duplicates; the kept person has the chosen values and the twin's organization.
  await expect(
    page.getByRole('dialog', { name: 'Duplicates' }).getByRole('region').filter({ hasText: last }),
  ).toHaveCount(0);
  // The twin's old address now leads to the kept person.
  await page.goto(`/people/${twin._id}`);
  await expect(page).toHaveURL(new RegExp(`/people/${kept._id}$`));
  await expect(page.getByLabel('Email')).toHaveValue('roisin@example.ie');
  await expect(page.getByLabel('Phone')).toHaveValue('+353 1 999 0000');
  await page.getByRole('tab', { name: /Organizations/ }).click();
  await expect(page.getByRole('link', { name: `Merge Walk ${stamp} Ltd` })).toBeVisible();
  await shot('merged-person-organizations');
});
