import { describe, expect, it } from 'vitest';
import {
  SIGNUP_LINK_ORIGIN,
  afterSignupEmailSent,
  buildSignupLink,
  canSendSignupLink,
  finotorStatusesForFilter,
  signupLinkMissing,
} from './signup-link';

const complete = {
  director: { firstName: 'Siobhán', lastName: 'Kelly' },
  organizationName: 'Emerald Isle Trading Ltd',
  organizationMail: 'hello@emerald.ie',
};

describe('01-5.11 "Signup link and send button are disabled unless a director with first and last name, the organization name and the organization mail all exist; a hint lists what is missing"', () => {
  it.each([
    ['everything there', complete, []],
    ['no director', { ...complete, director: null }, ['Director is missing']],
    [
      'director without names',
      { ...complete, director: { firstName: ' ', lastName: null } },
      ['Director firstname', 'Director lastname'],
    ],
    [
      'director without last name',
      { ...complete, director: { firstName: 'A' } },
      ['Director lastname'],
    ],
    ['no organization name', { ...complete, organizationName: '' }, ['Organization name']],
    ['no organization mail', { ...complete, organizationMail: undefined }, ['Organization mail']],
    ['nothing at all', {}, ['Director is missing', 'Organization name', 'Organization mail']],
  ])('%s → %j', (_, source, missing) => {
    expect(signupLinkMissing(source)).toEqual(missing);
    expect(canSendSignupLink(source)).toBe(missing.length === 0);
  });
});

describe('01-9.10 "The signup link is built from the director\'s first and last name, organization name, mail and a fixed origin tag; its host is not shown"', () => {
  it('puts every part in the query, encoded, with the fixed origin tag', () => {
    const link = new URL(buildSignupLink('https://app.example.com/signup', complete));
    expect(link.origin + link.pathname).toBe('https://app.example.com/signup');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      firstname: 'Siobhán',
      lastname: 'Kelly',
      company: 'Emerald Isle Trading Ltd',
      email: 'hello@emerald.ie',
      origin: SIGNUP_LINK_ORIGIN,
    });
  });

  it('keeps parameters the configured base already has', () => {
    const link = new URL(buildSignupLink('https://app.example.com/signup?lang=fr', complete));
    expect(link.searchParams.get('lang')).toBe('fr');
  });

  it('cannot build a link while something is missing', () => {
    expect(() =>
      buildSignupLink('https://app.example.com', { ...complete, director: null }),
    ).toThrow(/Director is missing/);
  });
});

describe('01-4.4 "Sending the signup e-mail sets it to sent and records finotorEmailSentAt. Filter values for it: ok, late, stopped."', () => {
  it('sets sent and the time it was sent', () => {
    expect(afterSignupEmailSent(new Date('2026-11-21T10:15:00Z'))).toEqual({
      finotor: 'sent',
      finotorEmailSentAt: '2026-11-21T10:15:00.000Z',
    });
    expect(afterSignupEmailSent().finotor).toBe('sent');
  });

  it.each([
    ['ok', ['registered']],
    ['late', ['not_sent', 'sent']],
    ['stopped', ['stopped']],
  ] as const)('filter %s matches %j', (filter, statuses) => {
    expect(finotorStatusesForFilter(filter)).toEqual(statuses);
  });
});
