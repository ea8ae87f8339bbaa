import { once } from 'node:events';
import { csvLine, type CsvValue } from '@registra/domain';
import type { Response } from 'express';
import { validationError } from '../errors/app-exception';

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvValue;
}

/** A list export's columns: the list's (`columns=list`, the default), or the whole book's. */
export const EXPORT_COLUMN_SETS = ['list', 'book'] as const;

/**
 * `columns=book` on a list's export: besides the list's columns, every other field an import
 * reads, under its import label, so the export imports back field for field (ADR 0144).
 */
export function exportsWholeBook(value: unknown): boolean {
  if (value === undefined || value === 'list') return false;
  if (value === 'book') return true;
  throw validationError(
    [{ field: 'columns', message: 'columns must be list or book' }],
    'columns must be list or book',
  );
}

/** Reads the export's rows, handing them over batch by batch (see `readInBatches`). */
export type CsvRowSource<Row> = (onBatch: (rows: Row[]) => Promise<void>) => Promise<unknown>;

/** Stops the row source when the client has gone away; the cursor's transaction rolls back. */
class ClientGone extends Error {}

/**
 * Streams a CSV download: headers, then each batch of rows as it is read, waiting for the
 * socket to drain (back-pressure) so memory stays flat however long the list is. The UTF-8 byte
 * order mark makes Excel read Irish names (Seán Ó Briain) correctly. The cells follow the
 * domain's rule (`csvLine`: quoting, defused formulas), the one the web client's files use too.
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
