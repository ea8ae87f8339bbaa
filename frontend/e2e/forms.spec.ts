import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { screenshots, signUp, toast } from './support';

/** One person of the request, filled as a prospect would on a phone. */
async function fillPerson(card: Locator, firstName: string, lastName: string) {
  await card.getByLabel(/^Prénom/).fill(firstName);
  await card.getByLabel(/^Nom\b/).fill(lastName);
  await card.getByLabel(/^E-mail/).fill(`${firstName.toLowerCase()}@example.fr`);
  await card.getByLabel(/^Téléphone/).fill('+33 6 12 34 56 78');
  // Day first, as the French form shows every date.
  await card.getByLabel(/^Date de naissance/).fill('02/06/1984');
  await card.getByLabel(/^Nationalité/).fill('Française');
  await card.getByLabel(/^Rue/).fill('8 rue de la Paix');
  await card.getByLabel(/^Ville/).fill('Paris');
  await card.getByLabel(/^État/).fill('Île-de-France');
  await card.getByLabel(/^Pays/).fill('France');
  await card.getByLabel(/^Code postal/).fill('75002');
}

const personCard = (page: Page, n: number) =>
  page.getByRole('region', { name: new RegExp(`^Personne ${n}\\b`) });

test('a prospect sends a request from a phone; staff edit it and turn it into a client', async ({
  browser,
  page,
}, testInfo) => {
  const stamp = Date.now();
  const company = `Emeraude Conseil ${stamp}`;

  // ---- The prospect, on a phone, not signed in.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const phoneShot = screenshots(phone, testInfo);
  await phone.goto('/publicform');
  await expect(
    phone.getByRole('heading', { name: 'Formulaire de création de société' }),
  ).toBeVisible();
  await phone.getByLabel(/^Nom de la société 1/).fill(company);
  await phone.getByLabel(/^Nom de la société 2/).fill(`Shamrock Conseil ${stamp}`);
  await phone.getByLabel(/^Nom de la société 3/).fill(`Liffey Conseil ${stamp}`);
  await phone.getByLabel(/^Description de l’activité/).fill('Conseil en informatique');
  await fillPerson(personCard(phone, 1), 'Aoife', `Murphy${stamp}`);
  await phone.getByRole('button', { name: 'Ajouter une personne' }).click();
  await fillPerson(personCard(phone, 2), 'Sean', `Byrne${stamp}`);

  // Every French check at once (PUBLIC_FORM_SUBMIT_CHECKS), listed above the form, taken there.
  const soumettre = phone.getByRole('button', { name: 'Soumettre' });
  await soumettre.click();
  const problems = phone.getByTestId('send-problems');
  await expect(problems).toBeFocused();
  await expect(problems.getByRole('listitem')).toHaveText([
    /Personnes requises\s: Veuillez ajouter un directeur\.$/,
    /Personnes requises\s: Veuillez ajouter un secrétaire\.$/,
    /Personnes requises\s: Veuillez ajouter un actionnaire\.$/,
    /Certification IDPAL\s: Veuillez compléter la certification IDPAL\.$/,
  ]);
  await phoneShot('public-form-problems');
  await personCard(phone, 1).getByLabel('Directeur', { exact: true }).check();
  await personCard(phone, 2).getByLabel('Secrétaire (obligatoire)').check();
  await personCard(phone, 1).getByLabel('Actionnaire (obligatoire)').check();
  await personCard(phone, 1).getByLabel('Bénéficiaire (en %)').fill('60');
  await personCard(phone, 2).getByLabel('Actionnaire (obligatoire)').check();
  await personCard(phone, 2).getByLabel('Bénéficiaire (en %)').fill('40');
  await soumettre.click();
  // What is left: IDPAL alone, said above the form and under its box.
  await expect(problems.getByRole('listitem')).toHaveText([
    /Certification IDPAL\s: Veuillez compléter la certification IDPAL\.$/,
  ]);
  await expect(phone.getByText('Veuillez compléter la certification IDPAL.').last()).toBeVisible();
  await expect(phone.getByTestId('required-director')).toHaveText('Directeur OK');
  await expect(phone.getByTestId('required-secretary')).toHaveText('Secrétaire OK');
  await expect(personCard(phone, 1).getByRole('heading')).toHaveText(
    'Personne 1 – directeur et actionnaire',
  );
  await phone.getByLabel(/vérification d’identité IDPAL/).check();
  await phoneShot('public-form-phone');

  // Review, edit once, then confirm.
  await soumettre.click();
  const review = phone.getByRole('dialog', { name: 'Vérifiez votre demande' });
  await expect(review).toContainText(company);
  await phoneShot('public-form-review');
  await review.getByRole('button', { name: 'Confirmer et envoyer' }).click();
  await expect(phone).toHaveURL(/\/publicform\/validate$/);
  await expect(phone.getByRole('heading', { name: /^Merci\s!$/ })).toBeVisible();
  await expect(phone.getByText(company)).toBeVisible();
  await phoneShot('public-form-thank-you');
  await phone.close();

  // ---- Staff find the request, edit it and turn it into a client.
  const shot = screenshots(page, testInfo);
  await signUp(page, stamp, { firstName: 'Ciara', lastName: 'Byrne', emailPrefix: 'ciara' });
  await page.getByRole('navigation').getByRole('link', { name: 'Forms' }).click();
  await expect(page).toHaveURL(/\/form$/);
  await page.getByRole('searchbox', { name: 'Search forms' }).fill(`${stamp}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: company }) });
  await expect(row).toContainText(`Aoife Murphy${stamp}`);
  await expect(row).toContainText('2');
  await shot('form-list');
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();

  await page.getByLabel(/^Organization name 2/).fill(`Shamrock Advisory ${stamp}`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Form updated successfully')).toBeVisible();
  await shot('form-detail');

  // A description with markup is refused by the server and marked under its field.
  const description = page.getByLabel(/^Description/);
  await description.fill('Conseil <b>informatique</b>');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText("description cannot contain '<' or '>'")).toBeVisible();
  await expect(description).toHaveClass(/is-invalid/);
  await expect(description).toBeFocused();
  await shot('form-refused-field');
  await description.fill('Conseil en informatique');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Form updated successfully')).toBeVisible();

  // "Create the organization" first says what will be created; Cancel creates nothing.
  await page.getByRole('button', { name: 'Create the organization' }).click();
  let question = page.getByRole('dialog', { name: 'Create the organization?' });
  await expect(question.getByTestId('conversion-preview')).toContainText(
    `The organization “${company}”`,
  );
  await expect(question.getByTestId('conversion-preview')).toContainText(
    '2 people, of which 0 existing people reused (same name) and 2 new',
  );
  await expect(question.getByTestId('conversion-preview')).toContainText(
    'The Incorporation follow-up',
  );
  await shot('form-convert-confirmation');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open the organization' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create the organization' }).click();
  question = page.getByRole('dialog', { name: 'Create the organization?' });
  await expect(question.getByTestId('conversion-preview')).toBeVisible();
  await question.getByRole('button', { name: 'Create the organization' }).click();
  await page.getByRole('link', { name: 'Open the organization' }).click();
  await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await page.getByRole('tab', { name: /^Members/ }).click();
  await expect(page.getByRole('tab', { name: /^Members/ })).toHaveText('Members2');
  await expect(page.getByText(`Aoife Murphy${stamp}`)).toBeVisible();
  await expect(page.getByText(`Sean Byrne${stamp}`)).toBeVisible();
  await shot('form-converted-organization-members');

  // The request now says what it became.
  await page.goto('/form');
  await page.getByRole('searchbox', { name: 'Search forms' }).fill(`${stamp}`);
  await page.getByRole('link', { name: company }).click();
  await expect(page.getByRole('link', { name: 'Open the organization' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create the organization' })).toHaveCount(0);
});
