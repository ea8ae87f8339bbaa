import { Body, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ImportRowError } from '@registra/domain';
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
import { ApiFails, ApiFile, ApiOk, ApiPage } from '../platform/http/openapi';
import {
  IMPORT_CHECK_ANSWER,
  IMPORT_UNDO_VIEW,
  IMPORT_UPLOAD_VIEW,
  IMPORT_VIEW,
} from './import.openapi';

const ERROR_CSV_COLUMNS: CsvColumn<ImportRowError>[] = [
  { header: 'Row', value: (error) => error.row },
  { header: 'Column', value: (error) => error.column },
  { header: 'Message', value: (error) => error.message },
];

@ApiTags('import')
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
        file: { type: 'string', format: 'binary', description: '.csv (, ; or tab) or .xlsx' },
      },
    },
  })
  @ApiOperation({
    summary:
      'Upload a spreadsheet to import (streamed to storage; IMPORT_MAX_BYTES, 413 above): its columns, the mapping guessed from the headers and the first rows as they will be stored',
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
  @ApiOk(IMPORT_CHECK_ANSWER)
  @ApiFails(409)
  @OwnTransactions()
  @ApiOperation({
    summary:
      'Dry run: every row checked by the API rules and against the book and the file for duplicates; nothing written',
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
  @ApiFile('text/csv', 'The refused rows with their reasons')
  @ApiOperation({ summary: 'The refused rows (of the run, or of the check before it) as CSV' })
  async errors(@Param('id', IdParamPipe) id: string, @Res() response: Response): Promise<void> {
    const row = await this.imports.get(id);
    const base =
      row.fileName.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '-') || 'import';
    await sendCsv(response, {
      fileName: `${base}-errors.csv`,
      columns: ERROR_CSV_COLUMNS,
      rows: (onBatch) => this.imports.errorsInBatches(id, onBatch),
    });
  }

  @PostOk(':id/undo')
  @ApiOk(IMPORT_UNDO_VIEW)
  @ApiFails(409)
  @ApiOperation({
    summary:
      'Undo within 30 days: created records deleted, updated fields restored; records changed since are left alone and listed',
  })
  async undo(@Param('id', IdParamPipe) id: string) {
    return ok(await this.imports.undo(id));
  }

  @Get(':id')
  @ApiOk(IMPORT_VIEW)
  @ApiOperation({ summary: 'Status, progress (0–1) and counts of an import' })
  async status(@Param('id', IdParamPipe) id: string) {
    return ok(await this.imports.status(id));
  }
}
