import { describe, expect, it } from 'vitest';
import {
  defaultReminderLanguage,
  reminderTemplateId,
  signupEmailParams,
  signupTemplateId,
} from './email-templates';

describe('"Signup e-mail uses template 7 when language is en, else 6"', () => {
  it.each([
    ['en', 7],
    ['fr', 6],
    [null, 6],
    [undefined, 6],
    ['EN', 6], // stored values are lower-case; anything else is "else"
  ])('language %j → template %i', (language, template) => {
    expect(signupTemplateId(language)).toBe(template);
  });

  it('sends the params firstname and signupLink', () => {
    expect(signupEmailParams('Siobhán', 'https://x.test/s')).toEqual({
      firstname: 'Siobhán',
      signupLink: 'https://x.test/s',
    });
  });
});

describe('"Reminder e-mails use template 1 (FR) or 2 (EN)... Email language radios: FR=1, EN=2"', () => {
  it.each([
    ['fr', 1],
    ['en', 2],
  ] as const)('%s → template %i', (language, template) => {
    expect(reminderTemplateId(language)).toBe(template);
  });

  it.each([
    ['en', 'en'],
    ['fr', 'fr'],
    [null, 'fr'],
  ])('organization language %j preselects %s', (language, radio) => {
    expect(defaultReminderLanguage(language)).toBe(radio);
  });
});
