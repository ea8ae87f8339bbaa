import { describe, expect, it } from 'vitest';
import type { PublicFormRole } from '../enums';
import { PUBLIC_FORM_ROLE_LABELS } from '../labels';
import { PUBLIC_FORM_MESSAGES } from '../messages';
import {
  PUBLIC_FORM_SUBMIT_CHECKS,
  FORM_ROLE_TO_ORGANIZATION_ROLE,
  canRemovePersonCard,
  containsMarkup,
  formDirectorsLabel,
  organizationRolesOf,
  checkPublicFormSubmit,
  emptyPublicForm,
  emptyPublicFormPerson,
  frenchTypographyProblems,
  personCardTitle,
  publicFormGuidance,
  publicFormSubmitErrors,
  publicFormTransition,
  requiredPeopleSummary,
  type PublicFormEvent,
  type PublicFormStep,
} from './public-form';

const NOW = new Date('2026-11-21T10:00:00Z');
const person = (roles: PublicFormRole[], extra: Record<string, unknown> = {}) => ({
  roles,
  ...extra,
});

describe('02-5.1 public form on submit, "checked in this order, each shown as an error toast in French"', () => {
  const complete = {
    IDPAL: true,
    peoples: [person(['director', 'shareholder']), person(['secretary'])],
  };

  it.each([
    // 1. "at least one person with the director role ('Veuillez ajouter un directeur.')"
    ['no director', { IDPAL: false, peoples: [person([])] }, 'Veuillez ajouter un directeur.', 4],
    // 2. "at least one with the secretary role ('Veuillez ajouter un secrétaire.')"
    [
      'no secretary',
      { IDPAL: false, peoples: [person(['director'])] },
      'Veuillez ajouter un secrétaire.',
      3,
    ],
    // 3. "at least one with the shareholder role ('Veuillez ajouter un actionnaire.')"
    [
      'no shareholder',
      { IDPAL: true, peoples: [person(['director', 'secretary'])] },
      'Veuillez ajouter un actionnaire.',
      1,
    ],
    // 4. "the IDPAL certification ticked ('Veuillez compléter la certification IDPAL.')"
    [
      'IDPAL not ticked',
      { ...complete, IDPAL: false },
      'Veuillez compléter la certification IDPAL.',
      1,
    ],
    ['no people at all', { IDPAL: null, peoples: null }, 'Veuillez ajouter un directeur.', 4],
  ])('%s → "%s" first (%i failing)', (_, form, first, failing) => {
    expect(checkPublicFormSubmit(form)).toEqual({ ok: false, message: first });
    expect(publicFormSubmitErrors(form)).toHaveLength(failing);
    expect(publicFormSubmitErrors(form)[0]).toBe(first);
  });

  it('a form with every role and IDPAL passes', () => {
    expect(checkPublicFormSubmit(complete)).toEqual({ ok: true });
  });

  it('runs the checks in their order', () => {
    expect(PUBLIC_FORM_SUBMIT_CHECKS.map((check) => check.key)).toEqual([
      'directorRequired',
      'secretaryRequired',
      'shareholderRequired',
      'idpalRequired',
    ]);
  });
});

describe('"Personnes requises": "It turns OK when any person holds the role. When the secretary is missing, a hint offers the secretary-company service."', () => {
  it.each([
    [[person([])], [false, false, false], true],
    [[person(['director'])], [true, false, false], true],
    [[person(['director']), person(['secretary', 'shareholder'])], [true, true, true], false],
    [[person(['nomineeDirector', 'nonExecutiveDirector'])], [false, false, false], true],
    [[{}, { roles: null }], [false, false, false], true],
  ])('%j → director/secretary/shareholder OK %j, hint %s', (peoples, oks, hint) => {
    const summary = requiredPeopleSummary(peoples);
    expect(summary.roles.map((r) => r.ok)).toEqual(oks);
    expect(summary.roles.map((r) => r.label)).toEqual(['Directeur', 'Secrétaire', 'Actionnaire']);
    expect(summary.secretaryCompanyHint).toBe(hint);
  });
});

describe('person cards: "numbered \'Personne n\' followed by the role labels, in a French sentence. The first card cannot be removed."', () => {
  it.each([
    [0, [], 'Personne 1'],
    [1, ['director', 'shareholder'], 'Personne 2 – directeur et actionnaire'],
    [2, ['secretary'], 'Personne 3 – secrétaire'],
    [
      3,
      ['nomineeDirector', 'nonExecutiveDirector', 'other'],
      'Personne 4 – directeur nominé, directeur non exécutif et autre',
    ],
  ] as const)('card %i with %j is "%s"', (index, roles, title) => {
    expect(personCardTitle(index, roles)).toBe(title);
  });

  it.each([
    [0, false],
    [1, true],
    [5, true],
  ])('card %i can be removed: %s', (index, removable) => {
    expect(canRemovePersonCard(index)).toBe(removable);
  });

  it('a new card is a natural person ("naturalPerson default"), no role, beneficiary 0', () => {
    const card = emptyPublicFormPerson();
    expect(card).toMatchObject({
      roles: [],
      personType: 'naturalPerson',
      beneficiaryPercentage: 0,
    });
    expect(emptyPublicForm().peoples).toEqual([card]);
    expect(emptyPublicForm().IDPAL).toBe(false);
  });
});

describe('02-5.2 / 02-9.8 guidance "stated as guidance only": director over 18, EU residency, shareholders 1 to 99 summing to 100 %, secretary different from a sole director', () => {
  const adult = { birth: '1980-05-01', country: 'ireland' };
  it.each([
    [
      'a sound company: no warning',
      [
        person(['director', 'shareholder'], { ...adult, beneficiaryPercentage: 60 }),
        person(['secretary', 'shareholder'], { ...adult, beneficiaryPercentage: 40 }),
      ],
      [],
    ],
    [
      '"Director: over 18" (17 on 2026-11-21)',
      [person(['director'], { birth: '2009-11-22', country: 'france' })],
      ['Un directeur doit avoir plus de 18 ans.'],
    ],
    [
      '18 today is old enough',
      [person(['director'], { birth: '2008-11-21', country: 'france' })],
      [],
    ],
    [
      '"A sole director must be an EU resident"',
      [person(['director'], { ...adult, country: 'united states' })],
      ['Un directeur unique doit résider dans l’Union européenne.'],
    ],
    [
      '"With several directors, at least one must be EU resident"',
      [
        person(['director'], { ...adult, country: 'canada' }),
        person(['director'], { ...adult, country: 'japan' }),
      ],
      ['Au moins un des directeurs doit résider dans l’Union européenne.'],
    ],
    [
      'several directors, one in the EU: fine',
      [
        person(['director'], { ...adult, country: 'canada' }),
        person(['director'], { ...adult, country: 'France' }),
      ],
      [],
    ],
    [
      '"Percentages on a base of 100%"',
      [
        person(['director', 'shareholder'], { ...adult, beneficiaryPercentage: 50 }),
        person(['shareholder'], { ...adult, beneficiaryPercentage: 30 }),
      ],
      ['Les pourcentages des actionnaires doivent totaliser 100\u00a0%.'],
    ],
    [
      '"a sole shareholder has 100%"',
      [person(['director', 'shareholder'], { ...adult, beneficiaryPercentage: 100 })],
      [],
    ],
    [
      '"Must differ from the director if there is only one director"',
      [person(['director', 'secretary'], adult)],
      ['Le secrétaire doit être différent du directeur lorsqu’il n’y a qu’un seul directeur.'],
    ],
  ])('%s', (_, peoples, warnings) => {
    expect(publicFormGuidance(peoples, NOW)).toEqual(warnings);
  });

  it('"Shareholder: Minimum 1, maximum 99": 100 shareholders warn', () => {
    const peoples = [
      person(['director'], adult),
      ...Array.from({ length: 100 }, () => person(['shareholder'], { beneficiaryPercentage: 1 })),
    ];
    expect(publicFormGuidance(peoples, NOW)).toEqual([
      'Il faut au minimum 1 et au maximum 99 actionnaires.',
    ]);
  });

  it('an unknown birth date is not flagged, and "now" defaults to the real time', () => {
    expect(publicFormGuidance([person(['director'], { country: 'ireland', birth: null })])).toEqual(
      [],
    );
  });
});

describe('02-4.5 "filling in, validation, review (Edit returns to filling in), confirm and POST, thank-you page"', () => {
  it.each([
    ['filling', 'submitInvalid', 'filling'],
    ['filling', 'submitValid', 'review'],
    ['review', 'edit', 'filling'],
    ['review', 'confirm', 'submitting'],
    ['submitting', 'posted', 'done'],
    ['submitting', 'failed', 'review'],
    ['filling', 'confirm', 'filling'], // cannot skip the review
    ['done', 'edit', 'done'],
  ] as Array<[PublicFormStep, PublicFormEvent, PublicFormStep]>)(
    '%s + %s → %s',
    (step, event, next) => {
      expect(publicFormTransition(step, event)).toBe(next);
    },
  );
});

describe('turning a request into a client', () => {
  it.each([
    ['director', 'director'],
    ['secretary', 'secretary'],
    ['shareholder', 'shareholder'],
    ['nomineeDirector', 'nomineeDirector'],
    ['nonExecutiveDirector', 'director'],
    ['other', 'other'],
  ] as const)('request role %s becomes organization role %s', (from, to) => {
    expect(FORM_ROLE_TO_ORGANIZATION_ROLE[from]).toBe(to);
  });

  it.each([
    [[], []],
    [
      ['shareholder', 'director'],
      ['director', 'shareholder'],
    ],
    [['director', 'nonExecutiveDirector'], ['director']],
    [
      ['other', 'secretary', 'nomineeDirector'],
      ['secretary', 'nomineeDirector', 'other'],
    ],
  ] as Array<[PublicFormRole[], string[]]>)('roles %j link as %j', (roles, expected) => {
    expect(organizationRolesOf(roles)).toEqual(expected);
  });

  it('the Directors column joins the directors first and last names', () => {
    expect(
      formDirectorsLabel([
        { roles: ['director'], firstName: 'Aoife', lastName: 'Murphy' },
        { roles: ['shareholder'], firstName: 'Sean', lastName: 'Byrne' },
        { roles: ['secretary', 'director'], firstName: 'Ciara', lastName: ' ' },
        { roles: ['director'], firstName: '', lastName: '' },
      ]),
    ).toBe('Aoife Murphy, Ciara');
    expect(formDirectorsLabel([])).toBe('');
  });

  it.each([
    ['Emerald Consulting Ltd', false],
    ['A&B "Trading" Ltd', false],
    ['<script>alert(1)</script>', true],
    ['x > y', true],
  ] as const)('markup in %j: %s', (value, expected) => {
    expect(containsMarkup(value)).toBe(expected);
  });
});

describe('the public form reads as French: "…", "’", a non-breaking space before : ; ? ! %', () => {
  it.each([
    ['Veuillez compléter la certification IDPAL.', []],
    ['Pas de secrétaire\u00a0? Nous proposons…', []],
    ['Certification IDPAL\u202f: oui', []],
    ['Rendez-vous à 12:30, https://exemple.fr', []],
    ['Veuillez ajouter un directeur...', ['"..." instead of "…"']],
    ["Je n'ai pas de secrétaire", ['a straight apostrophe instead of "’"']],
    ['Pas de secrétaire ? Nous', ['no non-breaking space before "?"']],
    ['Pas de secrétaire? Nous', ['no non-breaking space before "?"']],
    ['IDPAL : oui', ['no non-breaking space before ":"']],
    ['Merci !', ['no non-breaking space before "!"']],
    ['totaliser 100 %.', ['no non-breaking space before "%"']],
    ['Bénéficiaire (en %)', ['no non-breaking space before "%"']],
  ])('%j → %j', (text, problems) => {
    expect(frenchTypographyProblems(text)).toEqual(problems);
  });

  it.each(Object.entries(PUBLIC_FORM_MESSAGES))(
    'PUBLIC_FORM_MESSAGES.%s reads right',
    (_, text) => {
      expect(frenchTypographyProblems(text)).toEqual([]);
    },
  );

  it.each(Object.entries(PUBLIC_FORM_ROLE_LABELS))('the role label %s reads right', (_, text) => {
    expect(frenchTypographyProblems(text)).toEqual([]);
  });
});
