import { once } from 'node:events';
import type { Response } from 'express';

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvValue;
}

/** Reads the export's rows, handing them over batch by batch (see `readInBatches`). */
export type CsvRowSource<Row> = (onBatch: (rows: Row[]) => Promise<void>) => Promise<unknown>;

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

/** One cell, quoted as RFC 4180 says when it holds a comma, a quote or a line break. */
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

/** `orders-2026-11-23.csv`: the list's name and the day it was exported. */
export function csvFileName(list: string, now = new Date()): string {
  return `${list}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Stops the row source when the client has gone away; the cursor's transaction rolls back. */
class ClientGone extends Error {}

/**
 * Streams a CSV download: headers, then each batch of rows as it is read, waiting for the
 * socket to drain (back-pressure) so memory stays flat however long the list is. The UTF-8 byte
 * order mark makes Excel read Irish names (Seán Ó Briain) correctly.
 *
 * A failure before the first byte is thrown (the exception filter answers it as usual); after
 * that the status line has gone, so the connection is cut and the client sees a broken download
 * rather than a file that looks complete.
 */
export async function sendCsv<Row>(
  response: Response,
  options: { fileName: string; columns: readonly CsvColumn<Row>[]; rows: CsvRowSource<Row> },
): Promise<void> {
  const { fileName, columns, rows } = options;
  let started = false;
  const write = async (chunk: string): Promise<void> => {
    if (response.destroyed) throw new ClientGone();
    if (!started) {
      started = true;
      response.status(200);
      response.setHeader('Content-Type', 'text/csv; charset=utf-8');
      response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      response.setHeader('Cache-Control', 'no-store');
      chunk = `\uFEFF${csvLine(columns.map((column) => column.header))}${chunk}`;
    }
    if (!response.write(chunk)) {
      // Whichever comes first; the other's listener is removed (a long export waits hundreds of
      // times, and left behind they piled up on the response).
      const settled = new AbortController();
      try {
        await Promise.race([
          once(response, 'drain', { signal: settled.signal }),
          once(response, 'close', { signal: settled.signal }),
        ]);
      } finally {
        settled.abort();
      }
    }
  };
  try {
    await rows(async (batch) => {
      if (batch.length === 0) return;
      let text = '';
      for (const row of batch) text += csvLine(columns.map((column) => column.value(row)));
      await write(text);
    });
    if (!started) await write('');
    response.end();
  } catch (error) {
    if (error instanceof ClientGone) return;
    if (!started) throw error;
    response.destroy(error as Error);
  }
}
