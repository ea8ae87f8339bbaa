import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, csvLine, looksLikeFormula } from './csv';

describe('CSV injection: text a spreadsheet could run as a formula', () => {
  it.each([
    ['an equals sign', '=1+1', true],
    ['a plus sign', '+353 1 555 0100', true],
    ['a minus sign', '-5 Main St', true],
    ['an at sign', '@SUM(A1)', true],
    ['a tab', '\t=1+1', true],
    ['a carriage return', '\r=1+1', true],
    // Unicode look-alikes of = + - @, which NFKC folds into the ASCII signs.
    ['a fullwidth equals sign', '＝1+1', true],
    ['a fullwidth plus sign', '＋353 1 555', true],
    ['a fullwidth minus sign', '－5', true],
    ['a fullwidth at sign', '＠SUM(A1)', true],
    ['a small equals sign', '﹦1+1', true],
    ['a small plus sign', '﹢1', true],
    ['a small minus sign', '﹣1', true],
    ['a small at sign', '﹫SUM(A1)', true],
    ['the minus sign', '−5', true],
    // Formulas behind what some spreadsheets skip.
    ['a formula behind spaces', '  =1+1', true],
    ['a formula behind a no-break space', '\u00a0=1+1', true],
    ['a formula behind a zero-width space', '\u200b=1+1', true],
    ['a formula behind a byte order mark', '\ufeff+1', true],
    ['a formula behind a control character', '\u0001@SUM(A1)', true],
    // Ordinary text.
    ['a name', 'Byrne Holdings Ltd', false],
    ['an Irish name', 'Seán Ó Briain', false],
    ['an equals sign inside text', 'a = b', false],
    ['a hyphen inside text', 'Ní Bhriain-Walsh', false],
    ['empty text', '', false],
    ['only spaces', '   ', false],
  ])('%s: %j → %s', (_case, text, expected) => {
    expect(looksLikeFormula(text)).toBe(expected);
  });
});

describe('CSV cells (RFC 4180)', () => {
  it.each([
    ['plain text', 'Byrne Holdings Ltd', 'Byrne Holdings Ltd'],
    ['a comma is quoted', 'Byrne, Mary', '"Byrne, Mary"'],
    ['a quote is doubled', 'The "Old" Mill', '"The ""Old"" Mill"'],
    ['a line break is quoted', 'Unit 4\nDublin', '"Unit 4\nDublin"'],
    ['a carriage return is quoted', 'Unit 4\r\nDublin', '"Unit 4\r\nDublin"'],
    ['a formula is defused', '=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['a leading minus in text is defused', '-5 Main St', "'-5 Main St"],
    ['a look-alike formula is defused', '＝1+1', "'＝1+1"],
    ['a formula behind a zero-width space is defused', '\u200b=1+1', "'\u200b=1+1"],
    ['a negative number stays a number', -12.5, '-12.5'],
    ['zero', 0, '0'],
    ['a boolean', true, 'true'],
    ['null is empty', null, ''],
    ['undefined is empty', undefined, ''],
    ['a date is ISO', new Date('2026-03-31T00:00:00Z'), '2026-03-31T00:00:00.000Z'],
    ['accents pass through', 'Seán Ó Briain', 'Seán Ó Briain'],
  ])('%s', (_case, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    [['a', 1, null, 'b,c'], 'a,1,,"b,c"\r\n'],
    [['=cmd', -1], "'=cmd,-1\r\n"],
    [[], '\r\n'],
  ])('the line of %j joins the cells and ends with CRLF', (values, expected) => {
    expect(csvLine(values)).toBe(expected);
  });

  it.each([
    ['orders', '2026-11-23T10:00:00Z', 'orders-2026-11-23.csv'],
    // The day is UTC's: a late export in Dublin's summer is still dated that day in UTC.
    ['obligations-by-month', '2026-07-01T23:30:00Z', 'obligations-by-month-2026-07-01.csv'],
  ])('the file of %s exported at %s is named %s', (list, at, expected) => {
    expect(csvFileName(list, new Date(at))).toBe(expected);
  });

  it('the file is dated today by default', () => {
    expect(csvFileName('people')).toBe(`people-${new Date().toISOString().slice(0, 10)}.csv`);
  });
});
