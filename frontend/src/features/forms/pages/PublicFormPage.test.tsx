import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLIC_FORM_MESSAGES, frenchTypographyProblems } from '@registra/domain';
import { json, mockApi, renderApp } from '../../../test/render';
import { expectLinks } from '../../../test/queries';

const card = (n: number) => screen.getByRole('region', { name: new RegExp(`^Personne ${n}\\b`) });

/** Types a value the way the browser reports it: one change, then leaving the field. */
function fill(scope: HTMLElement, label: RegExp, value: string) {
  const input = within(scope).getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

function fillPerson(scope: HTMLElement, firstName: string) {
  fill(scope, /^Prénom/, firstName);
  fill(scope, /^Nom\b/, 'Murphy');
  fill(scope, /^E-mail/, `${firstName.toLowerCase()}@example.ie`);
  fill(scope, /^Téléphone/, '+353 1 555 0101');
  // The birth date is typed day first, as the French form shows it.
  fill(scope, /^Date de naissance/, '12/04/1985');
  fill(scope, /^Nationalité/, 'Irlandaise');
  fill(scope, /^Rue/, '12 Harbour Road');
  fill(scope, /^Ville/, 'Dublin');
  fill(scope, /^État/, 'Leinster');
  fill(scope, /^Pays/, 'Ireland');
  fill(scope, /^Code postal/, 'D02 XY45');
}

describe('/publicform', () => {
  it('numbers the person cards with their roles; the first cannot be removed', async () => {
    mockApi({});
    renderApp('/publicform');
    expect(await screen.findByRole('heading', { name: PUBLIC_FORM_MESSAGES.title })).toBeVisible();
    expect(within(card(1)).queryByRole('button', { name: 'Supprimer' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une personne' }));
    const second = card(2);
    await userEvent.click(within(second).getByLabelText('Directeur'));
    await userEvent.click(within(second).getByLabelText('Actionnaire (obligatoire)'));
    expect(within(second).getByRole('heading')).toHaveTextContent(
      'Personne 2 – directeur et actionnaire',
    );
    // Each role shows its info box; a shareholder gets the beneficiary field and the offer.
    expect(within(second).getByTestId('info-director')).toHaveTextContent('plus de 18 ans');
    expect(within(second).getByTestId('info-shareholder')).toHaveTextContent(
      '100 actions de 1 euro',
    );
    expect(within(second).getByLabelText('Bénéficiaire (en %)')).toBeVisible();
    await userEvent.click(within(second).getByLabelText('Je souhaite un actionnaire anonyme'));
    expect(within(second).getByTestId('info-shareholder')).toHaveTextContent('actionnaire anonyme');

    // A legal person adds its registration number and authorized person.
    expect(within(second).queryByLabelText(/KBIS/)).toBeNull();
    await userEvent.click(within(second).getByLabelText('Personne morale'));
    expect(within(second).getByLabelText(/KBIS/)).toBeVisible();
    expect(within(second).getByLabelText(/Nom de la personne autorisée/)).toBeVisible();

    await userEvent.click(within(second).getByRole('button', { name: 'Supprimer' }));
    expect(screen.queryByRole('region', { name: /^Personne 2/ })).toBeNull();
  });

  it("the 'Personnes requises' badges turn green as soon as someone holds the role", async () => {
    mockApi({});
    renderApp('/publicform');
    const badge = async (role: string) =>
      (await screen.findByTestId(`required-${role}`)).textContent;
    expect(await badge('director')).toBe('Directeur Manquant');
    expect(await badge('secretary')).toBe('Secrétaire Manquant');
    expect(await badge('shareholder')).toBe('Actionnaire Manquant');
    expect(screen.getByTestId('secretary-hint')).toHaveTextContent('société secrétaire');

    await userEvent.click(within(card(1)).getByLabelText('Directeur'));
    expect(await badge('director')).toBe('Directeur OK');
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une personne' }));
    await userEvent.click(within(card(2)).getByLabelText('Secrétaire (obligatoire)'));
    expect(await badge('secretary')).toBe('Secrétaire OK');
    expect(screen.queryByTestId('secretary-hint')).toBeNull();
    expect(await badge('shareholder')).toBe('Actionnaire Manquant');
  });

  it('Soumettre lists every problem at once above the form, each also under its field, then reviews and posts', async () => {
    const calls = mockApi({ 'POST /api/form': () => json(200, { ok: true }) });
    const { router } = renderApp('/publicform');
    await screen.findByRole('heading', { name: PUBLIC_FORM_MESSAGES.title });

    const soumettre = () => userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    await soumettre();
    const summary = await screen.findByTestId('send-problems');
    await waitFor(() => expect(summary).toHaveFocus());
    const items = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // The role checks in their order, then every field (4 company fields, 11 of the person).
    expect(items.slice(0, 5)).toEqual([
      'Personnes requises\u00a0: Veuillez ajouter un directeur.',
      'Personnes requises\u00a0: Veuillez ajouter un secrétaire.',
      'Personnes requises\u00a0: Veuillez ajouter un actionnaire.',
      'Certification IDPAL\u00a0: Veuillez compléter la certification IDPAL.',
      'Nom de la société 1\u00a0: Ce champ est obligatoire',
    ]);
    expect(items).toHaveLength(4 + 4 + 11);
    expect(items).toContain('Personne 1 – E-mail\u00a0: Ce champ est obligatoire');
    // No toast: the list and the fields say it.
    expect(screen.queryByRole('status')).toBeNull();
    // Each under its own field: the roles under "Personnes requises", IDPAL under its box.
    const required = screen.getByRole('region', { name: 'Personnes requises' });
    expect(within(required).getByText('Veuillez ajouter un directeur.')).toBeVisible();
    expect(
      screen.getByText('Veuillez compléter la certification IDPAL.', {
        selector: '.invalid-feedback',
      }),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Nom de la société 1/)).toHaveClass('is-invalid');
    // A problem's link takes the focus to its field.
    await userEvent.click(within(summary).getByRole('button', { name: 'Personne 1 – E-mail' }));
    await waitFor(() => expect(within(card(1)).getByLabelText(/^E-mail/)).toHaveFocus());

    for (const role of ['Directeur', 'Secrétaire (obligatoire)', 'Actionnaire (obligatoire)']) {
      await userEvent.click(within(card(1)).getByLabelText(role));
    }

    const form = document.body;
    fill(form, /^Nom de la société 1/, 'Emerald Consulting');
    fill(form, /^Nom de la société 2/, 'Shamrock Advisory');
    fill(form, /^Nom de la société 3/, 'Liffey Partners');
    fill(form, /^Description de l’activité/, 'Conseil en informatique');
    await userEvent.click(screen.getByLabelText(/vérification d’identité IDPAL/));

    // Fields left empty are named under their inputs, and only they are listed now.
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    expect(await screen.findAllByText(PUBLIC_FORM_MESSAGES.fieldRequired)).not.toHaveLength(0);
    await waitFor(() =>
      expect(within(screen.getByTestId('send-problems')).getAllByRole('listitem')).toHaveLength(11),
    );
    expect(calls.filter((call) => call.path === '/api/form')).toHaveLength(0);

    fillPerson(card(1), 'Aoife');
    fill(card(1), /^Bénéficiaire/, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    const review = await screen.findByRole('dialog', { name: 'Vérifiez votre demande' });
    expect(review).toHaveTextContent('Emerald Consulting');
    // Edit returns to the form; Soumettre brings the review back.
    await userEvent.click(within(review).getByRole('button', { name: 'Modifier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Confirmer et envoyer',
      }),
    );

    // The toast says it in French too, like the whole form.
    expect(await screen.findByText(/^Votre demande a bien été envoyée\s!$/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/publicform/validate'));
    expect(await screen.findByRole('heading', { name: 'Merci\u00a0!' })).toBeVisible();
    expect(screen.queryByText('Form submitted successfully!')).toBeNull();
    expect(screen.getByText('Emerald Consulting')).toBeVisible();
    const [post] = calls.filter((call) => call.path === '/api/form');
    expect(post.authorization).toBeNull();
    expect(post.body).toMatchObject({
      organizationName1: 'Emerald Consulting',
      IDPAL: true,
      website: '',
      peoples: [
        {
          roles: ['director', 'secretary', 'shareholder'],
          beneficiaryPercentage: 100,
          firstName: 'Aoife',
          birth: '1985-04-12',
          zip: 'D02 XY45',
        },
      ],
    });
  }, 60_000);

  it("a refused POST shows the server's message and keeps the review open", async () => {
    mockApi({
      'POST /api/form': () =>
        json(429, {
          ok: false,
          code: 'TOO_MANY_REQUESTS',
          message: PUBLIC_FORM_MESSAGES.tooManyRequests,
        }),
    });
    await sendValidRequest();
    expect(await screen.findByText(PUBLIC_FORM_MESSAGES.tooManyRequests)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  /** Opens the public form, fills a valid request, submits it and confirms the review. */
  async function sendValidRequest() {
    renderApp('/publicform');
    await screen.findByRole('heading', { name: PUBLIC_FORM_MESSAGES.title });
    await fillValidRequest();
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Confirmer et envoyer',
      }),
    );
  }

  /** Fills a whole valid request (one person holding the three required roles). */
  async function fillValidRequest() {
    const form = document.body;
    fill(form, /^Nom de la société 1/, 'A');
    fill(form, /^Nom de la société 2/, 'B');
    fill(form, /^Nom de la société 3/, 'C');
    fill(form, /^Description de l’activité/, 'D');
    for (const role of ['Directeur', 'Secrétaire (obligatoire)', 'Actionnaire (obligatoire)']) {
      await userEvent.click(within(card(1)).getByLabelText(role));
    }
    await userEvent.click(screen.getByLabelText(/vérification d’identité IDPAL/));
    fillPerson(card(1), 'Sean');
  }

  it('a field the server refuses is shown under it, in French, back on the form', async () => {
    mockApi({
      'POST /api/form': () =>
        json(400, {
          ok: false,
          code: 'VALIDATION_ERROR',
          message: 'Au maximum 200 caractères',
          details: [{ field: 'peoples.0.city', message: 'Au maximum 200 caractères' }],
        }),
    });
    await sendValidRequest();
    const city = within(card(1)).getByLabelText(/^Ville/);
    await waitFor(() => expect(city).toHaveClass('is-invalid'));
    expect(within(card(1)).getByText('Au maximum 200 caractères')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Listed above the form too, the list taking the focus.
    const summary = screen.getByTestId('send-problems');
    expect(summary).toHaveTextContent(/Personne 1 – Ville\s: Au maximum 200 caractères/);
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it('reads as French: "…", "’", and a non-breaking space before : ; ? ! %, in every text shown', async () => {
    mockApi({});
    renderApp('/publicform');
    await screen.findByRole('heading', { name: PUBLIC_FORM_MESSAGES.title });
    // Every info box, offer and problem on screen.
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une personne' }));
    for (const label of [
      'Directeur',
      'Secrétaire (obligatoire)',
      'Actionnaire (obligatoire)',
      'Directeur nominé',
      'Directeur non exécutif',
      'Je n’ai pas de secrétaire',
      'Je souhaite un actionnaire anonyme',
      'Personne morale',
    ]) {
      const box = within(card(2)).queryByLabelText(label);
      if (box) await userEvent.click(box);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    await screen.findByTestId('send-problems');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const problems: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (node.parentElement?.closest('script, style')) continue;
      for (const problem of frenchTypographyProblems(text)) problems.push(`${problem}: ${text}`);
    }
    expect(problems).toEqual([]);
    expect(screen.getByRole('button', { name: 'Soumettre' })).toBeVisible();
  });

  it('every date is day first (jj/mm/aaaa), and a day that does not exist is refused', async () => {
    const calls = mockApi({ 'POST /api/form': () => json(200, { ok: true }) });
    renderApp('/publicform');
    await screen.findByRole('heading', { name: PUBLIC_FORM_MESSAGES.title });
    const birth = within(card(1)).getByLabelText(/^Date de naissance/);
    // Not the browser's date input (mm/dd/yyyy in an English browser): the product's own field.
    expect(birth).toHaveAttribute('type', 'text');
    expect(birth).toHaveAttribute('placeholder', 'jj/mm/aaaa');

    await fillValidRequest();
    // Typed day first; the review shows it day first too.
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/né\(e\) le 12\/04\/1985/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Modifier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.clear(birth);
    await userEvent.type(birth, '29/02/2023');
    expect(within(card(1)).getByText('Cette date n’existe pas')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('the thank-you page opened without a request asks to send the form again', async () => {
    mockApi({});
    renderApp('/publicform/validate');
    expect(await screen.findByText(/soumettre le formulaire à nouveau/)).toBeVisible();
    expectLinks(document.body, { 'Retour au formulaire': '/publicform' });
  });
});
