import { applyDecorators, Get } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { csvFileName } from '@registra/domain';
import type { Response } from 'express';
import { exportsWholeBook, sendCsv } from './csv';
import type { CsvColumn, EXPORT_COLUMN_SETS } from './csv';
import { ApiExportColumns, ApiFile, ApiSearchQuery } from './openapi';
import { parseSearchQuery } from './search-query';
import type { QueryShape } from './search-query';

/** What a list's CSV export reads and writes. */
export interface ListExport<Search extends object, Row> {
  /** The list's search body, which the query parameters are read as. */
  search: Type<Search>;
  /** Which of the search's fields are not plain text in a query string. */
  query?: QueryShape;
  /** What the list holds, one and many (the file is named after the many, then the day). */
  record: string;
  records: string;
  /** The columns of each set the `columns` parameter chooses. */
  columns: Readonly<Record<(typeof EXPORT_COLUMN_SETS)[number], readonly CsvColumn<Row>[]>>;
}

/** The service that reads a list's matching records, batch by batch. */
export interface ExportsInBatches<Search, Row> {
  exportInBatches(search: Search, onBatch: (rows: Row[]) => Promise<void>): Promise<unknown>;
}

/**
 * GET /export of a list: the search's fields and `columns` as query parameters, answered as a
 * CSV file.
 */
export function ListExportRoute<Search extends object, Row>({
  search,
  record,
  records,
}: ListExport<Search, Row>): MethodDecorator {
  return applyDecorators(
    Get('export'),
    ApiFile('text/csv', `The matching ${records}, one a line`),
    // In the order a stack of decorators applies them: the search's fields, then `columns`.
    ApiExportColumns(),
    ApiSearchQuery(search),
    ApiOperation({
      summary: `The list as CSV: the search's filters and sort as query parameters, every matching ${record}, streamed`,
    }),
  );
}

/** Streams the records of a list that the export's query parameters match, as CSV. */
export async function sendListExport<Search extends object, Row>(
  response: Response,
  { columns, ...query }: Record<string, unknown>,
  list: ListExport<Search, Row>,
  source: ExportsInBatches<Search, Row>,
): Promise<void> {
  const set = exportsWholeBook(columns) ? 'book' : 'list';
  const search = await parseSearchQuery(list.search, query, list.query);
  await sendCsv(response, {
    fileName: csvFileName(list.records),
    columns: list.columns[set],
    rows: (onBatch) => source.exportInBatches(search, onBatch),
  });
}
