import { PASSWORD_MIN_STRENGTH_SCORE, PRODUCT_NAME } from '@registra/domain';
import { passwordProblem, personalWords } from './password-policy';

const aoife = {
  email: 'aoife.murphy@emerald-cs.ie',
  firstName: 'Aoife',
  lastName: 'Murphy',
  firmName: 'Emerald Corporate Services',
};

describe('new passwords: 12 to 200 characters, not common, zxcvbn score 3 with the account’s own words', () => {
  it('quotes the numbers', () => {
    expect([PASSWORD_MIN_STRENGTH_SCORE, PRODUCT_NAME]).toEqual([3, 'Registra']);
  });

  it.each([
    // what an outside probe saw accepted, each refused in words
    [
      'the account’s own e-mail',
      'aoife.murphy@emerald-cs.ie',
      /built from your own name or e-mail/,
    ],
    ['its e-mail in capitals', 'AOIFE.MURPHY@EMERALD-CS.IE', /built from your own name or e-mail/],
    ['one letter repeated', 'aaaaaaaaaaaa', /repeats the same characters/],
    ['12 spaces', ' '.repeat(12), /repeats the same characters/],
    ['a keyboard run', 'qwertyuiopas', /common or breached|keys of the keyboard/],
    ['a keyboard run off the list', 'zxcvbnm,./zxc', /keys of the keyboard|repeats/],
    ['digits in a row', '123456789012', /common or breached|sequence/],
    ['letters in a row', 'abcdefghijklm', /sequence/],
    ['the product’s name twice', 'registraregistra', /built from your own name/],
    ['the product’s name and digits', 'Registra2026!', /built from your own name/],
    ['the names and 1234', 'murphyaoife1234', /built from your own name/],
    ['the name with a year', 'Aoife Murphy 2024!', /built from your own name/],
    ['the e-mail’s local part', 'aoife.murphy.1', /built from your own name/],
    ['the firm’s name', 'emerald corporate services', /built from your own name/],
    ['the e-mail’s domain', 'emerald-cs.ie-emerald', /built from your own name/],
    ['a repeated word', 'abcabcabcabc', /repeats|sequence/],
    ['on the common list', 'password1234', /common or breached passwords/],
    ['11 characters', 'elevenchars', /at least 12 characters/],
    ['201 characters', 'x'.repeat(201), /at most 200 characters/],
  ])('refuses %s', (_label, password, why) => {
    expect(passwordProblem(password, aoife)).toMatch(why);
  });

  it.each([
    // the passwords of the tests and walks, and what people are told to choose
    ['a long staff passphrase'],
    ['a brand new passphrase'],
    ['correct horse battery'],
    ['long enough password'],
    ['a long enough password'],
    ['a changed passphrase'],
    ['the reset passphrase'],
    ['yet another passphrase'],
    ['a long guessing passphrase'],
    ['x7#Kp2!qLm9@'],
    // the own name with enough beside it
    ['Aoife likes 7 green otters'],
  ])('accepts %j', (password) => {
    expect(passwordProblem(password, aoife)).toBeUndefined();
  });

  it('the words a password may not be built from: e-mail and its parts, names, the product and the firm', () => {
    expect(personalWords(aoife).sort()).toEqual(
      [
        'aoife.murphy@emerald-cs.ie',
        'aoife.murphy',
        'aoife',
        'murphy',
        'aoifemurphy',
        'murphyaoife',
        'emerald-cs',
        'emerald',
        'registra',
        'emerald corporate services',
        'corporate',
        'services',
      ].sort(),
    );
  });

  it('without an owner the product’s name still counts', () => {
    expect(passwordProblem('registraregistra')).toMatch(/built from your own name/);
    expect(passwordProblem(42)).toBe('must be a string');
  });
});
