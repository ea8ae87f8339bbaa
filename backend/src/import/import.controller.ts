import { Body, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { isShownNumberCell, isUnreadableCell } from '@registra/domain';
import type { CsvValue, ImportCell } from '@registra/domain';
import type { Request, Response } from 'express';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { sendCsv } from '../platform/http/csv';
import type { CsvColumn } from '../platform/http/csv';
import { OwnTransactions, PostOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import type { AuthUser } from '../users/user.view';
import { CheckImportDto, ImportHistoryQueryDto } from './dto/import.dto';
import { ImportService } from './import.service';
import type { FailedRow } from './import.service';
import { ApiFails, ApiFile, ApiOk, ApiPage } from '../platform/http/openapi';
import { IMPORT_UPLOAD_VIEW, IMPORT_VIEW } from './import.openapi';
import { Staff } from '../platform/auth/route-access';

/**
 * A cell of the file as the download writes it: a spreadsheet's date as its day, a number as its
 * format shows it, a formula without a result empty.
 */
const cellValue = (cell: ImportCell): CsvValue =>
  cell instanceof Date
    ? cell.toISOString().slice(0, 10)
    : isShownNumberCell(cell)
      ? cell.shown
      : isUnreadableCell(cell)
        ? null
        : cell;

/** The file's own columns, then the row's number in the file and its reasons. */
function failedRowColumns(columns: readonly string[]): CsvColumn<FailedRow>[] {
  const taken = new Set(columns);
  const own = (name: string) => (taken.has(name) ? `${name} (import)` : name);
  return [
    ...columns.map((header, index) => ({
      header,
      value: (row: FailedRow) => cellValue(row.cells[index]),
    })),
    { header: own('Row'), value: (row) => row.row },
    { header: own('Reasons'), value: (row) => row.reasons.join('; ') },
  ];
}

@ApiTags('import')
@Staff()
@Controller('import')
export class ImportController {
  constructor(private readonly imports: ImportService) {}

  @PostOk()
  @ApiOk(IMPORT_UPLOAD_VIEW)
  @OwnTransactions()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['kind', 'file'],
      properties: {
        kind: { type: 'string', enum: ['organizations', 'people', 'roles', 'combined'] },
        encoding: {
          type: 'string',
          enum: ['utf-8', 'windows-1252'],
          description: 'CSV: overrides the detected encoding',
        },
        sheet: { type: 'string', description: 'XLSX: the sheet to read (default the first)' },
        headerRow: {
          type: 'integer',
          minimum: 1,
          description:
            "The header's row number as the spreadsheet shows it (default: guessed, the first row naming a field; rows above it are not read)",
        },
        file: { type: 'string', format: 'binary', description: '.csv (, ; or tab) or .xlsx' },
      },
    },
  })
  @ApiOperation({
    summary:
      'Upload a spreadsheet to import (streamed to storage; IMPORT_MAX_BYTES, 413 FILE_TOO_LARGE above): its columns, the mapping guessed from the headers and the first rows as they will be stored. A file past a reading limit (rows, cell length, unpacked size, shared strings) answers 413 IMPORT_LIMIT_EXCEEDED naming it',
  })
  async upload(@Req() request: Request, @CurrentUser() user: AuthUser) {
    try {
      return ok(await this.imports.upload(request, user));
    } catch (error) {
      // Read and discard what the client is still sending, so it receives the answer.
      if (!request.complete) request.resume();
      throw error;
    }
  }

  @Get()
  @ApiPage(IMPORT_VIEW)
  @ApiOperation({
    summary: 'The imports, newest first, with their counts and until when each can be undone',
  })
  history(@Query() query: ImportHistoryQueryDto) {
    return this.imports.history(query.page ?? 1, query.limit ?? 25);
  }

  @PostOk(':id/check')
  @ApiOk(IMPORT_VIEW)
  @ApiFails(409)
  @OwnTransactions()
  @ApiOperation({
    summary:
      'Start the dry run as a background job (status checking, then checked with `check` on GET /import/{id}, or check_failed with `failure`): every row checked by the API rules and against the book and the file for duplicates; nothing written. A mapping that does not fit the columns answers 400',
  })
  async check(@Param('id', IdParamPipe) id: string, @Body() dto: CheckImportDto) {
    return ok(await this.imports.check(id, dto));
  }

  @PostOk(':id/run')
  @ApiOk(IMPORT_VIEW)
  @ApiFails(409)
  @ApiOperation({ summary: 'Start the import of a checked file as a background job' })
  async run(@Param('id', IdParamPipe) id: string) {
    return ok(await this.imports.run(id));
  }

  @Get(':id/errors.csv')
  @ApiFile('text/csv', "The failed rows: the file's own columns, then Row and Reasons")
  @ApiOperation({
    summary:
      'The failed rows (of the run, or of the check before it) as CSV: each row as the file holds it, then its row number in the file and its reasons, ready to fix and import again',
  })
  async errors(@Param('id', IdParamPipe) id: string, @Res() response: Response): Promise<void> {
    const row = await this.imports.get(id);
    const base =
      row.fileName.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '-') || 'import';
    const failed = await this.imports.failedRows(id);
    await sendCsv(response, {
      fileName: `${base}-failed-rows.csv`,
      columns: failedRowColumns(failed.columns),
      rows: failed.rows,
    });
  }

  // Any member of staff may ask; ImportService.undo lets only the import's own user or an
  // administrator go on (the rule depends on the import).
  @Staff()
  @PostOk(':id/undo')
  @ApiOk(IMPORT_VIEW)
  @ApiFails(403, 409)
  @ApiOperation({
    summary:
      'Undo within 30 days, as a background job (status undoing, then undone; progress and counts on GET /import/{id}): created records deleted, updated fields restored; records changed since are left alone and listed. Only the import’s own user or an administrator (403 otherwise)',
  })
  async undo(@Param('id', IdParamPipe) id: string, @CurrentUser() user: AuthUser) {
    return ok(await this.imports.undo(id, user));
  }

  @Get(':id')
  @ApiOk(IMPORT_VIEW)
  @ApiOperation({
    summary:
      'Status, progress (0–1: of the check, the run or the undo going on), counts and the last check’s result of an import',
  })
  async status(@Param('id', IdParamPipe) id: string) {
    return ok(await this.imports.status(id));
  }
}
