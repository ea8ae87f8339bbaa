/** What a CSV cell may hold: the server's exports and the overview's tables. */
export type CsvValue = string | number | boolean | Date | null | undefined;

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection): such text
// is written with a leading apostrophe, which Excel and LibreOffice show as plain text.
const FORMULA_START = /^[=+\-@\t\r\u2212]/;
// Spaces and invisible characters some spreadsheets skip before reading a formula.
const SKIPPED_START = /^[\s\p{Cc}\p{Cf}]+/u;

/**
 * Whether a spreadsheet could read the text as a formula: also behind leading spaces or
 * invisible characters, and for the Unicode look-alikes of = + - @ (fullwidth ＝ ＋ － ＠, small
 * ﹦ ﹢ ﹣ ﹫, the minus sign −), which NFKC folds into the ASCII signs.
 */
export function looksLikeFormula(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  const start = text.slice(0, 16).replace(SKIPPED_START, '').normalize('NFKC');
  return FORMULA_START.test(start);
}

/**
 * One cell, quoted as RFC 4180 says when it holds a comma, a quote or a line break; text a
 * spreadsheet could run as a formula is defused, numbers (a negative one too) stay numbers.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'string') text = looksLikeFormula(value) ? `'${value}` : value;
  else text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record of the file, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** `orders-2026-11-23.csv`: the list's name and the day it was exported (UTC). */
export function csvFileName(list: string, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}
