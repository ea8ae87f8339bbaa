import { describe, expect, it } from 'vitest';
import {
  apiUrl,
  authorizationHeader,
  canSubmitSignIn,
  canSubmitSignUp,
  initialLoginForm,
  tokenFromAuthorizationHeader,
} from './session';

describe('01-4.1 sign-in: "the token is stored, the user held"; "The busy flag is set when submission starts"', () => {
  it('"Login form state: email and password, both empty strings initially, plus a busy flag": Sign in waits for both', () => {
    const form = initialLoginForm();
    expect(canSubmitSignIn(form)).toBe(false);
    expect(canSubmitSignIn({ ...form, email: 'aoife@firm.ie' })).toBe(false);
    expect(canSubmitSignIn({ ...form, email: 'aoife@firm.ie', password: 'secret' })).toBe(true);
    // Each sign-in page starts from its own empty form: typing into one leaves the next empty.
    form.email = 'aoife@firm.ie';
    expect(initialLoginForm().email).toBe('');
  });

  it.each([
    ['abc.def.ghi'],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl'],
    ['a-b_c.d-e_f.g-h_i'],
  ])(
    'sends "an Authorization header of the form JWT followed by the stored token" (%s), which the server reads back',
    (token) => {
      const header = authorizationHeader(token);
      expect(header).toBe(`JWT ${token}`);
      expect(tokenFromAuthorizationHeader(header)).toBe(token);
    },
  );

  it.each([
    ['JWT abc.def', 'abc.def'],
    ['Bearer abc.def', 'abc.def'],
    ['jwt abc.def ', 'abc.def'],
    ['Basic abc', null],
    ['JWT', null],
    ['abc.def', null],
    [null, null],
    [undefined, null],
  ])(
    'header %j → token %j (api-conventions: "Bearer <token> is accepted too")',
    (header, token) => {
      expect(tokenFromAuthorizationHeader(header)).toBe(token);
    },
  );
});

describe('01-5.1 "Sign-in: e-mail and password required; the button is disabled while busy or when either is empty"', () => {
  it.each([
    [{ email: 'a@b.ie', password: 'secret', busy: false }, true],
    [{ email: 'a@b.ie', password: 'secret', busy: true }, false],
    [{ email: '', password: 'secret' }, false],
    [{ email: 'a@b.ie', password: '' }, false],
    [{}, false],
  ])('%j → enabled %s', (form, enabled) => {
    expect(canSubmitSignIn(form)).toBe(enabled);
  });
});

describe('01-5.2 "Sign-up: e-mail, password and secret code required (button disabled if any is empty or while busy)"', () => {
  const form = { email: 'a@b.ie', password: 'secret123', secretCode: 'code' };
  it.each([
    [form, true],
    [{ ...form, busy: true }, false],
    [{ ...form, email: ' ' }, false],
    [{ ...form, password: '' }, false],
    [{ ...form, secretCode: null }, false],
  ])('%j → enabled %s', (value, enabled) => {
    expect(canSubmitSignUp(value)).toBe(enabled);
  });
});

describe('01-9.1 "API base address": the API lives under /api on the page\'s own origin (api-conventions.md)', () => {
  it.each([
    ['/people/search', '/api/people/search'],
    ['organization/42', '/api/organization/42'],
  ])('%s → %s', (path, url) => {
    expect(apiUrl(path)).toBe(url);
  });
});
