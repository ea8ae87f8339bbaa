import { ErrorCode } from '@registra/domain';
import { Body, Controller, Get, Headers, HttpStatus, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DeleteOk, ListSearch, OwnTransactions, PostOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import type { AuthUser } from '../users/user.view';
import { contentDisposition, parseByteRange } from './byte-range';
import { SearchFilesDto } from './dto/search-files.dto';
import { FilesService } from './files.service';
import { api, ApiFails, ApiFile, ApiFilePart, ApiOk } from '../platform/http/openapi';
import { FILE_VIEW } from './files.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('file')
@Staff()
@Controller('file')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @PostOk()
  @ApiOk(FILE_VIEW, { url: api.string, fileName: api.string })
  @ApiFails(404)
  @OwnTransactions()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['folder', 'file'],
      properties: {
        folder: {
          type: 'string',
          example: 'organization/{id}/bank',
          description: 'people/{id}, organization/{id}/{folder} or task/{id}',
        },
        file: { type: 'string', format: 'binary' },
      },
    },
  })
  @ApiOperation({
    summary: 'Upload one file (streamed; FILE_MAX_BYTES, default 1 GiB) into a record folder',
  })
  async upload(@Req() request: Request, @CurrentUser() user: AuthUser) {
    try {
      const file = await this.files.upload(request, user);
      return { ...ok(file), url: file.url, fileName: file.fileName };
    } catch (error) {
      // Read and discard what the client is still sending, so it receives the answer.
      if (!request.complete) request.resume();
      throw error;
    }
  }

  @ListSearch(FILE_VIEW, 'The most recent files across records, newest first')
  search(@Body() dto: SearchFilesDto): Promise<string> {
    return this.files.recent(dto);
  }

  @Get(':id')
  // Answered with the type the file was uploaded with.
  @ApiFile('*/*', 'The file, as uploaded')
  @ApiFilePart('*/*')
  @ApiFails(416)
  @ApiOperation({ summary: 'Download a file (signed-in users only); supports Range' })
  async download(
    @IdParam() id: string,
    @Headers('range') rangeHeader: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const row = await this.files.find(id);
    const range = parseByteRange(rangeHeader, row.size);
    if (range === 'unsatisfiable') {
      response
        .status(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
        .setHeader('Content-Range', `bytes */${row.size}`);
      response.json({
        ok: false,
        code: ErrorCode.VALIDATION_ERROR,
        message: 'The requested range is outside the file',
      });
      return;
    }
    const body = await this.files.read(row, range);
    response.setHeader('Content-Type', row.contentType);
    response.setHeader('Content-Disposition', contentDisposition(row.fileName));
    response.setHeader('Accept-Ranges', 'bytes');
    response.setHeader('Cache-Control', 'private, no-store');
    // An uploaded HTML or SVG file opened inline must not run as a page of this origin.
    response.setHeader(
      'Content-Security-Policy',
      "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    );
    if (range) {
      response.status(HttpStatus.PARTIAL_CONTENT);
      response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`);
      response.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      response.status(HttpStatus.OK);
      response.setHeader('Content-Length', String(row.size));
    }
    await pipeline(body, response).catch(() => response.destroy());
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Delete a file: its record entry and the stored object' })
  async remove(@IdParam() id: string) {
    await this.files.delete(id);
    return { ok: true };
  }
}
