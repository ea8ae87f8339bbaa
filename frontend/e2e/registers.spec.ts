import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { pdfText } from './pdf-text';
import { api, screenshots, signUp, toast } from './support';

/** Today in Dublin, moved by `days`, as YYYY-MM-DD. */
function dublinDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 2026-03-02 → 02/03/2026, as staff type and read dates. */
const shown = (day: string) => day.split('-').reverse().join('/');

/** Types a date into a date field and leaves it, as staff do. */
async function typeDate(field: Locator, day: string) {
  await field.fill(shown(day));
  await field.press('Tab');
}

/** Clicks a download button; the file's name and its bytes. */
async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** A screenshot at 1280 and one at 390 px wide (a phone), back at 1280 after. */
async function bothWidths(page: Page, shot: (file: string) => Promise<void>, file: string) {
  await shot(`${file}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(`${file}-390`);
  // Nothing of the page is wider than the phone.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${file} fits 390 px`,
  ).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('registers: a director appointed with a date starts the B10 follow-up and its calendar item; a secretary ceases; shares allotted; the registers as of last year and today, their PDFs and the B1 particulars', async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo);
  const stamp = Date.now();
  await signUp(page, stamp, { firstName: 'Orla', lastName: 'Quinn', emailPrefix: 'orla.reg' });
  const name = `Registers Walk ${stamp.toString(36)} Ltd`;
  const { _id: id } = await api(page, 'POST', '/organization', { name });
  // A secretary appointed over two years ago (already filed then), and a person not yet in office.
  const secretary = await api(page, 'POST', '/people', { firstName: 'Maeve', lastName: 'Doyle' });
  const director = await api(page, 'POST', '/people', { firstName: 'Declan', lastName: 'Ryan' });
  const secretaryAppointed = dublinDay(-800);
  await api(page, 'POST', '/linkpeopleorganization', {
    peopleId: secretary._id,
    organizationId: id,
    roles: ['secretary'],
    appointedOn: secretaryAppointed,
    alreadyFiled: true,
  });
  await api(page, 'POST', '/linkpeopleorganization', {
    peopleId: director._id,
    organizationId: id,
  });

  // Appoint the director with a date, in the Members tab.
  await page.goto(`/organization/${id}/PEOPLE_TAB`);
  const directorCard = page.getByRole('article', { name: 'Declan Ryan' });
  await expect(directorCard).toContainText('Appointed:Not recorded');
  await directorCard.getByRole('button', { name: 'Edit Roles' }).click();
  const roles = page.getByRole('dialog', { name: 'Edit Roles' });
  await roles.getByRole('checkbox', { name: 'Director', exact: true }).check();
  const appointed = dublinDay(-10);
  await typeDate(roles.getByLabel('Appointed on', { exact: true }), appointed);
  await roles.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Roles updated successfully!')).toBeVisible();
  await expect(directorCard).toContainText(`Appointed:${shown(appointed)}`);

  // Its B10 follow-up: started on the appointment's day, due 14 days later.
  const due = dublinDay(4);
  await page.getByRole('tab', { name: 'Follow-ups' }).click();
  const followUp = page.getByTestId('follow-up-card').filter({ hasText: 'Change of Director' });
  await expect(followUp).toHaveCount(1);
  await expect(followUp.locator(`time[datetime="${due}"]`).first()).toBeVisible();
  await shot('registers-b10-follow-up');

  // And its calendar item, on the deadline.
  await page.goto(
    `/calendar?view=agenda&month=${due.slice(0, 7)}&user=all&organizationId=${id}&organizationName=${encodeURIComponent(name)}`,
  );
  const agenda = page.getByRole('table', { name: 'Agenda' });
  const item = agenda.getByRole('row').filter({ hasText: 'B10 due (officer change)' });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(shown(due));
  await expect(item).toContainText('Change of Director');
  await shot('registers-b10-calendar');

  // Cease the secretary: a former member below, with the dates.
  await page.goto(`/organization/${id}/PEOPLE_TAB`);
  const ceased = dublinDay(-3);
  await page
    .getByRole('article', { name: 'Maeve Doyle' })
    .getByRole('button', { name: 'End role' })
    .click();
  const end = page.getByRole('dialog', { name: 'End role' });
  await typeDate(end.getByLabel('Ceased on', { exact: true }), ceased);
  await end.getByRole('button', { name: 'End role' }).click();
  await expect(toast(page, 'Role ended.')).toBeVisible();
  const former = page
    .getByRole('region', { name: 'Former members' })
    .getByRole('article', { name: 'Maeve Doyle' });
  await expect(former).toContainText(`Appointed:${shown(secretaryAppointed)}`);
  await expect(former).toContainText(`Ceased:${shown(ceased)}`);
  await bothWidths(page, shot, 'registers-members');

  // Share capital: a class, and 100 shares allotted to the director.
  await page.getByRole('tab', { name: 'Registers' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/${id}/REGISTERS_TAB$`));
  await page.getByRole('button', { name: 'Add share class' }).click();
  await page
    .getByRole('dialog', { name: 'Add share class' })
    .getByRole('button', { name: 'Add' })
    .click();
  await expect(toast(page, 'Created!')).toBeVisible();
  await page.getByRole('button', { name: 'Allot shares' }).click();
  const allot = page.getByRole('dialog', { name: 'Allot shares' });
  await typeDate(allot.getByLabel('Date', { exact: true }), appointed);
  await allot.getByLabel('Number of shares', { exact: true }).fill('100');
  await allot.getByLabel('To', { exact: true }).selectOption({ label: 'Declan Ryan' });
  await allot.getByRole('button', { name: 'Allot' }).click();
  await expect(toast(page, 'Shares allotted.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Share classes' })).toContainText(
    'Ordinary · €1.00 each · 100 issued',
  );

  // The registers as of today.
  const today = dublinDay(0);
  const officers = page.getByTestId('register-directors-secretaries');
  const members = page.getByTestId('register-members');
  const owners = page.getByTestId('register-beneficial-owners');
  await expect(officers).toContainText('Declan Ryan');
  await expect(officers).toContainText(shown(ceased));
  await expect(members).toContainText('Declan Ryan');
  await expect(members).toContainText('100');
  await expect(owners).toContainText('Declan Ryan');
  await bothWidths(page, shot, 'registers-today');

  // As of last year: the secretary in office, the director not yet, no member.
  const lastYear = dublinDay(-365);
  await typeDate(page.getByLabel('As of', { exact: true }), lastYear);
  await expect(officers).toContainText('Maeve Doyle');
  await expect(officers).not.toContainText('Declan Ryan');
  await expect(members).not.toContainText('Declan Ryan');
  await shot('registers-last-year');
  const officersLastYear = await download(
    page,
    page.getByRole('button', { name: 'Register of directors and secretaries: download PDF' }),
  );
  expect(officersLastYear.name).toMatch(new RegExp(`directors-secretaries-${lastYear}\\.pdf$`));
  const lastYearText = pdfText(officersLastYear.bytes);
  expect(lastYearText).toContain('Register of directors and secretaries');
  expect(lastYearText).toContain(name);
  expect(lastYearText).toContain('Doyle');
  expect(lastYearText).not.toContain('Ryan');

  // Today's three registers as PDF, and the members' as CSV.
  await typeDate(page.getByLabel('As of', { exact: true }), today);
  await expect(officers).toContainText('Declan Ryan');
  for (const [title, expected] of [
    ['Register of directors and secretaries', ['Ryan', 'Doyle', shown(appointed)]],
    ['Register of members', ['Ryan', 'Ordinary', '100']],
    ['Register of beneficial owners', ['Ryan']],
  ] as const) {
    const pdf = await download(page, page.getByRole('button', { name: `${title}: download PDF` }));
    expect(pdf.name).toMatch(new RegExp(`-${today}\\.pdf$`));
    const text = pdfText(pdf.bytes);
    expect(text).toContain(title);
    expect(text).toContain(name);
    for (const words of expected) expect(text, `${title} says ${words}`).toContain(words);
  }
  const csv = await download(
    page,
    page.getByRole('button', { name: 'Register of members: download CSV' }),
  );
  expect(csv.name).toMatch(new RegExp(`members-${today}\\.csv$`));
  expect(csv.bytes.toString('utf8')).toMatch(/Ryan[\s\S]*100/);

  // The B1 particulars as at the ARD: what is missing on screen, and the PDF.
  const b1 = await download(page, page.getByRole('button', { name: /^B1 particulars as at / }));
  expect(b1.name).toMatch(/b1-particulars-\d{4}-\d{2}-\d{2}\.pdf$/);
  const check = page.getByTestId('annual-return-check');
  await expect(check).toContainText('Declan Ryan: no date of birth');
  const b1Text = pdfText(b1.bytes);
  expect(b1Text).toContain('B1 particulars as at');
  expect(b1Text).toContain(name);
  expect(b1Text).toContain('Declan Ryan: no date of birth');
  await bothWidths(page, shot, 'registers-b1');
});
