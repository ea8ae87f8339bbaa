import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { api, screenshots, signInAsAdmin, toast } from './support';

/** The files of a ZIP by name (deflated or stored), read through its central directory. */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index += 1) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(
      zip.toString('utf8', at + 46, at + 46 + nameLength),
      method === 8 ? inflateRawSync(data) : data,
    );
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The strings a PDF made with PDFKit's standard fonts draws, in order. */
function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const [, raw] of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const [, array, single] of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|[^\]<])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const parts =
        array === undefined ? [single] : [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]);
      lines.push(parts.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

/** A prospect's fields but the names, roles and e-mail (the API's privacy test sends the same). */
const PROSPECT_PERSON = JSON.parse(
  readFileSync(
    join(
      import.meta.dirname,
      '..',
      '..',
      'backend',
      'test',
      'fixtures',
      'forms',
      'prospect-person.json',
    ),
    'utf8',
  ),
) as Record<string, string>;

/** A calendar date `years` from today (negative: ago), as the API takes dates. */
function yearsFromToday(years: number): string {
  const day = new Date();
  day.setFullYear(day.getFullYear() + years);
  return day.toISOString().slice(0, 10);
}

/** Nothing of the page is wider than the phone's 390 px. */
async function fitsThePhone(page: Page, what: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${what} fits 390 px`,
  ).toBeLessThanOrEqual(390);
}

async function personLinkedTo(page: Page, lastName: string, endedOn: string | null) {
  const person = await api(page, 'POST', '/people', {
    firstName: 'Niamh',
    lastName,
    mail: `niamh.${lastName.toLowerCase()}@example.ie`,
  });
  const organization = await api(page, 'POST', '/organization', { name: `${lastName} Ltd` });
  await api(page, 'PUT', `/organization/${organization._id}`, { relationshipEndedOn: endedOn });
  await api(page, 'POST', '/linkpeopleorganization', {
    peopleId: person._id,
    organizationId: organization._id,
    roles: ['director'],
  });
  return { personId: person._id as string, organizationId: organization._id as string };
}

test("a person's data is exported, erasure inside the retention is refused with its reason, and outside it erases", async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);

  // Inside the retention: the client's relationship ended 4 years ago.
  const held = await personLinkedTo(page, `Heldfast${stamp}`, yearsFromToday(-4));
  // Outside it: ended 6 years ago (also what the retention review lists).
  const free = await personLinkedTo(page, `Longago${stamp}`, yearsFromToday(-6));

  // Export: the package is built by a job, then saved; its summary names the person.
  await page.goto(`/people/${held.personId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Niamh Heldfast${stamp}` }),
  ).toBeVisible();
  await shot('person-actions-1280');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^subject-access-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = zipEntries(readFileSync(await download.path()));
  expect([...entries.keys()]).toEqual(
    expect.arrayContaining(['data.json', 'summary.pdf', 'roles.csv', 'audit.csv']),
  );
  const summary = pdfText(entries.get('summary.pdf')!);
  expect(summary).toContain('Subject access export');
  expect(summary).toContain(`Niamh Heldfast${stamp}`);
  expect(summary).toContain(`Heldfast${stamp} Ltd: director`);

  // Erase inside the retention: refused, with the date and why.
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Erase this person' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Erase' }).click();
  const hold = page.getByTestId('retention-hold');
  const until = yearsFromToday(1).split('-').reverse().join('/');
  await expect(hold).toContainText(`Kept until ${until}.`);
  await expect(hold).toContainText(`Heldfast${stamp} Ltd`);
  await expect(hold).toContainText('five years after the client relationship ends');
  await shot('retention-hold-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('retention-hold-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(
    page.getByRole('heading', { level: 1, name: `Niamh Heldfast${stamp}` }),
  ).toBeVisible();

  // The retention review lists the other person; erase them from their page.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Retention' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retention review' })).toBeVisible();
  // The daily job prepares the review each morning; the administrator prepares it now.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, 'The review is prepared.')).toBeVisible();
  await expect(page.getByTestId('prepared-at')).toContainText('Prepared ');
  const listed = page.getByRole('link', { name: `Niamh Longago${stamp}` });
  await expect(listed).toBeVisible();
  await expect(page.getByRole('link', { name: `Niamh Heldfast${stamp}` })).toHaveCount(0);
  await shot('retention-review-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('retention-review-390');
  await fitsThePhone(page, 'the retention review');
  await page.setViewportSize({ width: 1280, height: 800 });
  await listed.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Niamh Longago${stamp}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Erase this person' })
    .getByRole('button', { name: 'Erase' })
    .click();
  await expect(toast(page, 'The person was erased.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Erased person' })).toBeVisible();
  // The person's name is gone (their company keeps its own name).
  await expect(page.getByText(`Niamh Longago${stamp}`)).toHaveCount(0);
  await expect(page.getByLabel('Last Name')).toHaveValue('person');
  await shot('erased-person-1280');

  // The organization's "Relationship ended on", where staff set it.
  await page.goto(`/organization/${free.organizationId}`);
  await expect(page.getByLabel('Relationship ended on')).toBeVisible();
  await page.getByLabel('Relationship ended on').scrollIntoViewIfNeeded();
  await shot('relationship-ended-on-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('relationship-ended-on-390');
});

test("a prospect's request is kept from its screen; the retention periods are settings; someone known only from the public form is exported by e-mail", async ({
  page,
}, testInfo) => {
  const shot = screenshots(page, testInfo, 'animations');
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page);
  const mail = `lea.${stamp}@example.fr`;
  const person = {
    ...PROSPECT_PERSON,
    firstName: 'Léa',
    lastName: `Prospect${stamp}`,
    mail,
    roles: ['director', 'shareholder'],
    beneficiaryPercentage: 100,
  };
  await api(page, 'POST', '/form', {
    organizationName1: `Lilas ${stamp}`,
    organizationName2: `Lilas ${stamp} Deux`,
    organizationName3: `Lilas ${stamp} Trois`,
    description: 'Conseil',
    IDPAL: true,
    secretaryCompany: false,
    anonymeShareholder: false,
    peoples: [
      person,
      {
        ...person,
        firstName: 'Marc',
        mail: `marc.${stamp}@example.fr`,
        roles: ['secretary'],
        beneficiaryPercentage: 0,
      },
    ],
  });
  const [request] = (await api(page, 'POST', '/form/search', { search: `Lilas ${stamp}` })) as {
    _id: string;
  }[];

  // The request's screen: staff keep it past the prospect period.
  await page.goto(`/form/${request._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Lilas ${stamp}` })).toBeVisible();
  const keep = page.getByRole('switch', { name: 'Keep this request' });
  await expect(keep).not.toBeChecked();
  await keep.click();
  await expect(toast(page, 'The request is kept.')).toBeVisible();
  await expect(keep).toBeChecked();
  await shot('request-kept-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('request-kept-390');
  await fitsThePhone(page, "the request's screen");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The Retention screen: the three groups, the periods, the export by e-mail.
  await page.goto('/retention');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(toast(page, 'The review is prepared.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'People' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Requests kept past the prospect period' }),
  ).toContainText('No kept request is past the prospect period.');
  await expect(page.getByRole('region', { name: 'Mail bodies' })).toContainText(
    'No mail body is older than 60 months.',
  );
  const aml = page.getByLabel('AML records after the relationship ends (years)');
  await expect(aml).toHaveValue('5');
  await expect(
    page.getByText(/Criminal Justice \(Money Laundering and Terrorist Financing\) Act 2010, s\.55/),
  ).toBeVisible();
  const prospects = page.getByLabel("A prospect's request that never became a client (months)");
  await prospects.fill('18');
  await page.getByRole('button', { name: 'Save the periods' }).click();
  await expect(
    toast(page, 'The retention periods are saved. Refresh the review to apply them.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(/prospects' requests unchanged for 18 months/)).toBeVisible();
  await page.getByLabel('Mail bodies (months)').scrollIntoViewIfNeeded();
  await shot('retention-periods-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('retention-periods-390');
  await fitsThePhone(page, 'the retention screen');
  await page.setViewportSize({ width: 1280, height: 800 });
  await prospects.fill('12');
  await page.getByRole('button', { name: 'Save the periods' }).click();
  await expect(
    toast(page, 'The retention periods are saved. Refresh the review to apply them.'),
  ).toBeVisible();

  // Export by e-mail: the request's entry about them, no person record made.
  await page.getByLabel('E-mail').fill(mail);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export data' }).click(),
  ]);
  const entries = zipEntries(readFileSync(await download.path()));
  const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
  expect(data.person).toBeNull();
  expect(data.forms).toEqual([
    expect.objectContaining({
      organizationName1: `Lilas ${stamp}`,
      aboutThem: expect.objectContaining({ lastName: `Prospect${stamp}` }),
    }),
  ]);
  expect(pdfText(entries.get('summary.pdf')!)).toContain(mail);
  const found = (await api(page, 'POST', '/people/search', {
    search: `Prospect${stamp}`,
  })) as unknown[];
  expect(found).toEqual([]);
});
