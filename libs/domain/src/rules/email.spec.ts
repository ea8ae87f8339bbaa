import { describe, expect, it } from 'vitest';
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_LOCAL_PART_MAX_LENGTH } from '../limits';
import { MESSAGES } from '../messages';
import { emailFieldProblem, isEmailAddress, storedEmailNote } from './email';

const local64 = 'a'.repeat(EMAIL_LOCAL_PART_MAX_LENGTH);
/** An address of exactly `length` characters: the local part, then labels of the domain. */
const addressOf = (length: number) => {
  const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.ie`;
  return `${'a'.repeat(length - domain.length - 1)}@${domain}`;
};

describe('isEmailAddress: the one e-mail address rule, 254 characters at most, 64 before the "@"', () => {
  it.each([
    ['grainne@clarke.ie', 'a plain address'],
    ['Grainne.Clarke@Clarke.IE', 'capitals'],
    ['info@accounts.clarke.ie', 'a sub-domain'],
    ['o.briain+invoices@firm-name.ie', 'a plus tag and a hyphen in the domain'],
    ["d'arcy@example.ie", 'an apostrophe (Irish names)'],
    ['seán@ó-briain.ie', 'letters with fadas'],
    ['x@y.co', 'one-letter labels, a two-letter top level'],
    ['  padded@example.ie  ', 'spaces around (trimmed)'],
    ['info@example.xn--p1ai', 'a punycode top level'],
    [`${local64}@example.ie`, `a local part of ${EMAIL_LOCAL_PART_MAX_LENGTH} characters`],
    [addressOf(EMAIL_ADDRESS_MAX_LENGTH), `${EMAIL_ADDRESS_MAX_LENGTH} characters in all`],
  ])('%j is an address (%s)', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });

  it.each([
    ['info@.ie', 'an empty label before the top level (the imported address)'],
    ['grainne@@clarke.ie', 'two "@" (the address the person form saved)'],
    ['grainne@clarke@ie.ie', 'two "@" apart'],
    ['grainne.clarke.ie', 'no "@"'],
    ['@clarke.ie', 'no local part'],
    ['grainne@', 'no domain'],
    ['grainne@clarke', 'no top level'],
    ['grainne@clarke.i', 'a one-letter top level'],
    ['grainne@clarke.123', 'a top level of digits'],
    ['grainne@clarke.ie.', 'a trailing dot'],
    ['grainne@clarke..ie', 'two dots in the domain'],
    ['grainne@-clarke.ie', 'a label starting with a hyphen'],
    ['grainne@clarke-.ie', 'a label ending with a hyphen'],
    ['grainne@clarke_co.ie', 'an underscore in the domain'],
    ['.grainne@clarke.ie', 'a leading dot'],
    ['grainne.@clarke.ie', 'a dot before the "@"'],
    ['grainne..clarke@clarke.ie', 'two dots in the local part'],
    ['grainne clarke@clarke.ie', 'a space inside'],
    ['"grainne"@clarke.ie', 'a quoted local part'],
    ['grainne@[192.0.2.1]', 'an address literal'],
    ['grainne@clarke.ie>', 'a stray bracket'],
    ['<grainne@clarke.ie>', 'an address in brackets'],
    ['Grainne <grainne@clarke.ie>', 'a display name'],
    [`${local64}a@example.ie`, `a local part of ${EMAIL_LOCAL_PART_MAX_LENGTH + 1} characters`],
    [addressOf(EMAIL_ADDRESS_MAX_LENGTH + 1), `${EMAIL_ADDRESS_MAX_LENGTH + 1} characters in all`],
    [`a@${'d'.repeat(64)}.ie`, 'a label of 64 characters'],
    ['', 'empty'],
    ['   ', 'spaces only'],
    [null, 'null'],
    [undefined, 'undefined'],
  ] as Array<[string | null | undefined, string]>)('%j is not an address (%s)', (value) => {
    expect(isEmailAddress(value)).toBe(false);
  });
});

describe('emailFieldProblem: an empty field is none; a stored address is checked only when it changes', () => {
  it.each([
    // next, stored, problem
    ['', undefined, null],
    [null, 'info@.ie', null],
    ['grainne@clarke.ie', undefined, null],
    ['grainne@@clarke.ie', undefined, 'E-mail is not valid'],
    // A record imported with a bad address keeps it while other fields are updated…
    ['info@.ie', 'info@.ie', null],
    [' info@.ie ', 'info@.ie', null],
    // …and a change of it must be an address.
    ['info@.com', 'info@.ie', 'E-mail is not valid'],
    ['info@clarke.ie', 'info@.ie', null],
    // A new record has nothing stored: its address is checked.
    ['info@.ie', null, 'E-mail is not valid'],
  ])('%j over %j → %j', (next, stored, problem) => {
    expect(emailFieldProblem(next, stored)).toBe(problem);
  });

  it('says it in the words it is given (the public form speaks French)', () => {
    expect(emailFieldProblem('x@', undefined, 'Adresse e-mail invalide')).toBe(
      'Adresse e-mail invalide',
    );
  });
});

describe('storedEmailNote: the form says a stored bad address is kept until it changes', () => {
  it.each([
    // stored, in the field, note
    ['info@.ie', 'info@.ie', MESSAGES.storedEmailInvalid],
    ['info@.ie', ' info@.ie ', MESSAGES.storedEmailInvalid],
    ['info@.ie', 'info@clarke.ie', null],
    ['info@.ie', '', null],
    ['info@clarke.ie', 'info@clarke.ie', null],
    [null, '', null],
    [undefined, 'x', null],
  ])('%j holding %j → %j', (stored, current, note) => {
    expect(storedEmailNote(stored, current)).toBe(note);
  });
});
