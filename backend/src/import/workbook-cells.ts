import type { ImportCell } from '@registra/domain';
import type ExcelJS from 'exceljs';

/**
 * A workbook's cell as the import reads it: what the cell shows, not how it is kept. A formula
 * is read as the result the file saved with it (never evaluated; a formula saved without one has
 * nothing to read, said in words); a number formatted as a date is that date in the workbook's
 * date system; one formatted as a percentage is the percentage shown (0.755 shown 75.5% is 75.5);
 * one whose format pads or groups its digits (000000: 045678) is also the text shown, which an
 * identifier (CRO, tax number, phone, PPS) keeps.
 */
export function workbookCell(
  value: ExcelJS.CellValue,
  numFmt: string | undefined,
  date1904: boolean,
): ImportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return formattedNumber(value, numFmt, date1904);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: unknown }).result;
      if (result === undefined || result === null) return { unreadable: FORMULA_WITHOUT_RESULT };
      if (typeof result === 'object' && !(result instanceof Date) && 'error' in result)
        return { unreadable: errorValue(String((result as { error: unknown }).error)) };
      if (typeof result === 'number') {
        // exceljs reads an error result (t="e") as a number it cannot parse.
        if (Number.isNaN(result)) return { unreadable: errorValue(null) };
        return formattedNumber(result, numFmt, date1904);
      }
      return workbookCell(result as ExcelJS.CellValue, numFmt, date1904);
    }
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return { unreadable: errorValue(String(value.error)) };
  }
  return String(value as unknown);
}

const FORMULA_WITHOUT_RESULT =
  'The cell holds a formula saved without its result: open the file in a spreadsheet, save it again and import it';

const errorValue = (code: string | null) =>
  `The cell's formula gives an error${code ? ` (${code})` : ''}: correct it in the spreadsheet`;

/** Days between the two date systems' day 0 (1899-12-30 and 1904-01-01). */
const DATE_1904_OFFSET_DAYS = 1462;
const UNIX_EPOCH_SERIAL = 25569;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A spreadsheet day number (and time) as a date, in the workbook's date system. */
export function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(
    Math.round((serial - UNIX_EPOCH_SERIAL + (date1904 ? DATE_1904_OFFSET_DAYS : 0)) * DAY_MS),
  );
}

/**
 * The format's first section (the one for positive numbers), with its quoted and escaped text
 * and its [colour] and [$-locale] tags apart: what decides how the number is shown.
 */
function firstSection(numFmt: string): { code: string; literals: string[] } {
  let code = '';
  const literals: string[] = [];
  for (let i = 0; i < numFmt.length; i++) {
    const char = numFmt[i];
    if (char === ';') break;
    if (char === '"') {
      const end = numFmt.indexOf('"', i + 1);
      const text = numFmt.slice(i + 1, end < 0 ? numFmt.length : end);
      literals.push(text);
      code += '\uE000';
      i = end < 0 ? numFmt.length : end;
    } else if (char === '\\' && i + 1 < numFmt.length) {
      literals.push(numFmt[i + 1]);
      code += '\uE000';
      i += 1;
    } else if (char === '[') {
      const end = numFmt.indexOf(']', i + 1);
      i = end < 0 ? numFmt.length : end;
    } else code += char;
  }
  return { code, literals };
}

/** A format that shows a date or a time (d, m, y, h, s outside quotes; "General" is none). */
export function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt || numFmt === 'General') return false;
  return /[dmyhs]/i.test(firstSection(numFmt).code);
}

function formattedNumber(value: number, numFmt: string | undefined, date1904: boolean): ImportCell {
  if (!numFmt || numFmt === 'General' || numFmt === '@') return value;
  if (isDateFormat(numFmt)) return serialToDate(value, date1904);
  const { code, literals } = firstSection(numFmt);
  if (code.includes('%')) {
    // 12 significant digits: 0.755 × 100 is 75.5, not 75.49999999999999.
    const percent = Number((value * 100).toPrecision(12));
    return { number: percent, shown: `${percent}%` };
  }
  return paddedDigits(value, code, literals) ?? value;
}

/**
 * An integer through a format of digit placeholders, grouping and text only ("000000",
 * "#,##0", "\"IE\"0000000"): the text shown. Null for any other format or number (decimals,
 * exponents, fractions), which is read as the number.
 */
function paddedDigits(value: number, code: string, literals: string[]): ImportCell | null {
  if (!Number.isInteger(value) || value < 0) return null;
  if (!/^[\uE000 ]*[0#?,]+[\uE000 ]*$/.test(code)) return null;
  const zeros = (code.match(/0/g) ?? []).length;
  const grouped = /[0#?],[0#?]/.test(code);
  if (zeros <= 1 && !grouped && literals.length === 0) return null;
  let digits = String(value).padStart(zeros, '0');
  if (grouped) digits = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // The digits go where the placeholders are, between the texts before and after them.
  let literal = 0;
  const texts = (part: string) => part.replace(/\uE000/g, () => literals[literal++] ?? '');
  const at = code.search(/[0#?,]/);
  const end = at + (/^[0#?,]+/.exec(code.slice(at))?.[0].length ?? 0);
  const prefix = texts(code.slice(0, at));
  const suffix = texts(code.slice(end));
  return { number: value, shown: `${prefix}${digits}${suffix}` };
}
