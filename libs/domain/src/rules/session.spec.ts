import { describe, expect, it } from 'vitest';
import {
  apiUrl,
  authorizationHeader,
  canSubmitSignIn,
  canSubmitSignUp,
  initialLoginForm,
  sessionAddress,
  sessionDevice,
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

describe('the account page names a session’s device and address in words', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'Chrome on iPad',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      'Firefox on Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Opera on ChromeOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.6478.126 Safari/537.36',
      'Chrome (headless) on Linux',
    ],
    ['curl/8.5.0', 'curl'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Windows'],
    ['node-fetch', 'Unknown device'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
  ])('%j → %s', (userAgent, words) => {
    expect(sessionDevice(userAgent)).toBe(words);
  });

  it.each([
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:10.0.0.12', '10.0.0.12'],
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8::1', '2001:db8::1'],
    ['::1', '::1'],
    // Not a mapped IPv4 address: kept as it came.
    ['::ffff:abcd', '::ffff:abcd'],
    ['', '—'],
    [null, '—'],
  ])('address %j → %s', (address, words) => {
    expect(sessionAddress(address)).toBe(words);
  });
});
